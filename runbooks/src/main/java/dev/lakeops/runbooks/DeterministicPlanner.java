package dev.lakeops.runbooks;

import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Triage without an LLM: picks the runbook that fits the alert best (an exact label match beats
 * keywords; ties go to the first registered) and runs its read-only steps. An alert no runbook fits
 * gets a {@link Category#NO_RUNBOOK} report, not an error.
 */
public final class DeterministicPlanner {

  private final List<Runbook> runbooks;
  private final Clock clock;

  public DeterministicPlanner(List<Runbook> runbooks, Clock clock) {
    this.runbooks = List.copyOf(runbooks);
    this.clock = clock;
  }

  public TriageReport triage(AlertSignal alert) {
    Optional<Runbook> chosen = choose(alert);
    if (chosen.isPresent()) {
      return chosen.get().run(alert);
    }
    Instant now = clock.instant();
    Verdict verdict =
        new Verdict(
            Category.NO_RUNBOOK,
            "No runbook fits alert '" + alert.name() + "'. Flink triage needs a job label (job_name or job_id).",
            java.util.Map.of(),
            List.of(),
            Confidence.LOW,
            List.of("Add the label job_name (as Flink's Prometheus reporter exports it) to the alert rule, or triage by hand: ./lakeops flink triage --rest URL --job NAME"));
    return new TriageReport("none", alert, verdict, List.of(), now, now);
  }

  /** The best-fitting runbook, if any fits. */
  public Optional<Runbook> choose(AlertSignal alert) {
    return runbooks.stream()
        .filter(r -> r.match(alert) != Runbook.Match.NONE)
        .max(Comparator.comparing((Runbook r) -> r.match(alert)).thenComparing(r -> -runbooks.indexOf(r)));
  }
}
