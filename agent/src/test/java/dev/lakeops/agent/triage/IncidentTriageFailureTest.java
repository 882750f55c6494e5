package dev.lakeops.agent.triage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.incident.SampleIncidents;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** A triage that throws ends as a FAILED incident with one line saying why, never a lost thread. */
class IncidentTriageFailureTest {

  private static IncidentTriage failingWith(Supplier<Throwable> failure) {
    Runbook runbook =
        new Runbook() {
          @Override
          public String id() {
            return "always-fails";
          }

          @Override
          public Match match(AlertSignal alert) {
            return Match.LABEL;
          }

          @Override
          public TriageReport run(AlertSignal alert) {
            Throwable t = failure.get();
            if (t instanceof RuntimeException r) {
              throw r;
            }
            throw (Error) t;
          }
        };
    return new IncidentTriage(new DeterministicPlanner(List.of(runbook), Clock.systemUTC()));
  }

  @Test
  void anOutOfMemoryErrorWhileAModelLoadsFailsTheIncidentWithItsReason() {
    TriageOutcome outcome =
        failingWith(() -> new OutOfMemoryError("Java heap space"))
            .triage(SampleIncidents.firing(Instant.parse("2024-05-01T12:00:00Z")));

    assertThat(outcome.report()).isNull();
    assertThat(outcome.error()).isEqualTo("triage failed (OutOfMemoryError: Java heap space)");
  }

  @Test
  void aRuntimeExceptionFailsTheIncidentWithItsReason() {
    TriageOutcome outcome =
        failingWith(() -> new IllegalStateException("broken\n  state"))
            .triage(SampleIncidents.firing(Instant.parse("2024-05-01T12:00:00Z")));

    assertThat(outcome.error()).isEqualTo("triage failed (IllegalStateException: broken state)");
  }
}
