package dev.lakeops.runbooks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.plan.DeterministicPlanner;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DeterministicPlannerTest {

  private static Runbook fixed(String id, Runbook.Match match) {
    return new Runbook() {
      @Override
      public String id() {
        return id;
      }

      @Override
      public Runbook.Match match(AlertSignal alert) {
        return match;
      }

      @Override
      public TriageReport run(AlertSignal alert) {
        Verdict v =
            new Verdict(
                Category.INCONCLUSIVE, "ran " + id, Map.of(), List.of(), Confidence.LOW, List.of());
        return new TriageReport(id, alert, v, List.of(), Instant.EPOCH, Instant.EPOCH);
      }
    };
  }

  private static final AlertSignal ALERT = new AlertSignal(Map.of("alertname", "X"), Map.of());

  @Test
  void prefersALabelMatchOverAKeywordMatch() {
    DeterministicPlanner planner =
        new DeterministicPlanner(
            List.of(fixed("kw", Runbook.Match.KEYWORD), fixed("label", Runbook.Match.LABEL)),
            Clock.systemUTC());

    assertThat(planner.triage(ALERT).runbook()).isEqualTo("label");
  }

  @Test
  void breaksTiesByRegistrationOrder() {
    DeterministicPlanner planner =
        new DeterministicPlanner(
            List.of(fixed("first", Runbook.Match.LABEL), fixed("second", Runbook.Match.LABEL)),
            Clock.systemUTC());

    assertThat(planner.triage(ALERT).runbook()).isEqualTo("first");
  }

  @Test
  void answersNoRunbookInsteadOfFailing() {
    DeterministicPlanner planner =
        new DeterministicPlanner(List.of(fixed("never", Runbook.Match.NONE)), Clock.systemUTC());

    TriageReport report = planner.triage(ALERT);

    assertThat(report.verdict().category()).isEqualTo(Category.NO_RUNBOOK);
    assertThat(report.toMarkdown()).contains("NO_RUNBOOK");
  }

  @Test
  void keepsAlertTextOutOfTheMarkdownStructure() {
    AlertSignal hostile =
        new AlertSignal(Map.of("alertname", "X`\n### injected <a href=x>"), Map.of());
    DeterministicPlanner planner = new DeterministicPlanner(List.of(), Clock.systemUTC());

    String md = planner.triage(hostile).toMarkdown();

    assertThat(md).doesNotContain("\n### injected").doesNotContain("<a href");
  }
}
