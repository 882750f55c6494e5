package dev.lakeops.agent.triage;

import static java.util.Objects.requireNonNull;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.runbooks.TriageReport;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What one deterministic triage came to: a report, or one line on why it broke. Exactly one is set.
 *
 * @param report the triage report
 * @param error the exception's kind and message, for a person; never a stack trace
 */
public record TriageOutcome(@Nullable TriageReport report, @Nullable String error) {

  public TriageOutcome {
    if ((report == null) == (error == null)) {
      throw new IllegalArgumentException(
          "A triage outcome has a report or an error, not both or neither");
    }
  }

  public static TriageOutcome of(TriageReport report) {
    return new TriageOutcome(requireNonNull(report, "report"), null);
  }

  public static TriageOutcome failed(String error) {
    return new TriageOutcome(null, requireNonNull(error, "error"));
  }

  /** {@code incident} with this outcome, changed at {@code now}. */
  public Incident applyTo(Incident incident, Instant now) {
    return report != null ? incident.triaged(report, now) : incident.failed(error, now);
  }
}
