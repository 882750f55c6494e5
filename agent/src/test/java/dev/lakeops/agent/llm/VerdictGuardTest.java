package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VerdictGuardTest {

  private static final Set<String> KNOWN = Set.of("flink.backpressure.bottleneck");

  private static LlmVerdict answer(
      Category category, String summary, List<String> evidence, Confidence confidence) {
    return new LlmVerdict(
        category,
        summary,
        List.of(new LlmVerdict.Entity(" job ", "orders")),
        evidence,
        confidence,
        List.of("Scale the sink"));
  }

  @Test
  void acceptsAVerdictThatCitesKnownFindings() {
    VerdictGuard.Outcome outcome =
        VerdictGuard.check(
            answer(
                Category.BACKPRESSURE,
                " Sink is slow. ",
                List.of("flink.backpressure.bottleneck"),
                Confidence.HIGH),
            KNOWN);

    assertThat(outcome.error()).isNull();
    assertThat(outcome.verdict().headline()).isEqualTo("Sink is slow.");
    assertThat(outcome.verdict().entities()).containsEntry("job", "orders");
    assertThat(outcome.verdict().evidence()).containsExactly("flink.backpressure.bottleneck");
  }

  @Test
  void refusesEvidenceThatNoFindingHas() {
    VerdictGuard.Outcome outcome =
        VerdictGuard.check(
            answer(Category.BACKPRESSURE, "x", List.of("kafka.lag.growing"), Confidence.HIGH),
            KNOWN);

    assertThat(outcome.valid()).isFalse();
    assertThat(outcome.error())
        .isEqualTo("evidence 'kafka.lag.growing' is not a finding of this incident");
  }

  @Test
  void namesTheMissingOrOversizedField() {
    assertThat(VerdictGuard.check(answer(null, "x", List.of(), Confidence.LOW), KNOWN).error())
        .isEqualTo("the category is missing");
    assertThat(VerdictGuard.check(answer(Category.NO_FAULT, "x", List.of(), null), KNOWN).error())
        .isEqualTo("the confidence is missing");
    assertThat(
            VerdictGuard.check(answer(Category.NO_FAULT, " ", List.of(), Confidence.LOW), KNOWN)
                .error())
        .isEqualTo("the summary is missing");
    assertThat(
            VerdictGuard.check(
                    answer(Category.NO_FAULT, "x".repeat(501), List.of(), Confidence.LOW), KNOWN)
                .error())
        .isEqualTo("the summary is longer than 500 characters");
    assertThat(
            VerdictGuard.check(
                    new LlmVerdict(
                        Category.NO_FAULT,
                        "x",
                        List.of(new LlmVerdict.Entity(null, "v")),
                        null,
                        Confidence.LOW,
                        null),
                    KNOWN)
                .error())
        .isEqualTo("an entity has no name");
    assertThat(
            VerdictGuard.check(
                    answer(
                        Category.NO_FAULT,
                        "x",
                        Collections.nCopies(21, "flink.backpressure.bottleneck"),
                        Confidence.LOW),
                    KNOWN)
                .error())
        .isEqualTo("more than 20 entities, evidence codes or next actions");
  }

  @Test
  void readsAbsentListsAsEmpty() {
    VerdictGuard.Outcome outcome =
        VerdictGuard.check(
            new LlmVerdict(Category.NO_FAULT, "All healthy.", null, null, Confidence.LOW, null),
            KNOWN);

    assertThat(outcome.verdict().entities()).isEmpty();
    assertThat(outcome.verdict().evidence()).isEmpty();
    assertThat(outcome.verdict().nextActions()).isEmpty();
  }
}
