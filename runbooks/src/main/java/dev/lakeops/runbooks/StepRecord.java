package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

/**
 * What one step of a runbook run did.
 *
 * @param step the step's id
 * @param kind {@code probe}, {@code branch}, {@code propose}, {@code end} ...
 * @param outcome one line: the tool's status and finding count, the choice taken, the proposal made
 * @param tool the index of the step's report in {@link TriageReport#tools()}, or -1
 * @param millis how long the step took
 */
public record StepRecord(String step, String kind, String outcome, int tool, long millis) {

  public StepRecord {
    requireNonNull(step, "step");
    requireNonNull(kind, "kind");
    requireNonNull(outcome, "outcome");
  }
}
