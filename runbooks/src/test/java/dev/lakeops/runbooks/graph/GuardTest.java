package dev.lakeops.runbooks.graph;

import static dev.lakeops.runbooks.graph.FixedContext.finding;
import static dev.lakeops.runbooks.graph.FixedContext.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GuardTest {

  private final FixedContext ctx =
      FixedContext.of(
          Map.of(
              "bp",
              ok(
                  "flink.backpressure",
                  finding(
                      Severity.CRITICAL,
                      "flink.backpressure.bottleneck",
                      Map.of("vertex", "lake-writer", "busy", "998.5", "chained", "true")),
                  finding(Severity.WARN, "flink.backpressure.slow-sink", Map.of("busy", "n/a"))),
              "lag",
              new ToolReport(
                  ToolReport.Status.NO_DATA, "kafka.lag", Map.of(), List.of(), "no such group")));

  private static FindingSelector sel(String s) {
    return FindingSelector.parse(s);
  }

  @Test
  void findingPresentMatchesCodePatternsAndLowestSeverity() {
    assertThat(new Guard.FindingPresent("bp", sel("flink.backpressure.*")).holds(ctx)).isTrue();
    assertThat(new Guard.FindingPresent("bp", sel("flink.backpressure.none")).holds(ctx)).isFalse();
    assertThat(
            new Guard.FindingPresent("bp", sel("flink.backpressure.slow-sink>=CRITICAL"))
                .holds(ctx))
        .isFalse();
    assertThat(new Guard.FindingPresent("bp", sel("flink.*>=CRITICAL")).holds(ctx)).isTrue();
    assertThat(new Guard.FindingPresent(null, sel("*.slow-sink")).holds(ctx)).isTrue();
    assertThat(new Guard.FindingPresent("missing", sel("*")).holds(ctx)).isFalse();
  }

  @Test
  void aboveComparesTheFirstNumericEvidenceAndIsFalseForText() {
    assertThat(new Guard.Above("bp", null, "busy", 900).holds(ctx)).isTrue();
    assertThat(new Guard.Above("bp", null, "busy", 999).holds(ctx)).isFalse();
    assertThat(new Guard.Above("bp", sel("flink.backpressure.slow-sink"), "busy", 0).holds(ctx))
        .isFalse();
    assertThat(new Guard.Above("bp", null, "absent", 0).holds(ctx)).isFalse();
  }

  @Test
  void equalsComparesEvidenceText() {
    assertThat(
            new Guard.Equals("bp", sel("flink.backpressure.bottleneck"), "chained", "true")
                .holds(ctx))
        .isTrue();
    assertThat(new Guard.Equals("bp", null, "vertex", "enrich").holds(ctx)).isFalse();
  }

  @Test
  void statusIsReadsTheReportStatus() {
    assertThat(new Guard.StatusIs("lag", Set.of(ToolReport.Status.NO_DATA)).holds(ctx)).isTrue();
    assertThat(
            new Guard.StatusIs("bp", Set.of(ToolReport.Status.ERROR, ToolReport.Status.NO_DATA))
                .holds(ctx))
        .isFalse();
    assertThat(new Guard.StatusIs("never-stored", Set.of(ToolReport.Status.OK)).holds(ctx))
        .isFalse();
  }

  @Test
  void combinatorsFollowLogic() {
    Guard yes = new Guard.HasInput("job");
    Guard no = new Guard.HasInput("cluster");

    assertThat(new Guard.All(List.of(yes, yes)).holds(ctx)).isTrue();
    assertThat(new Guard.All(List.of(yes, no)).holds(ctx)).isFalse();
    assertThat(new Guard.Any(List.of(no, yes)).holds(ctx)).isTrue();
    assertThat(new Guard.Any(List.of()).holds(ctx)).isFalse();
    assertThat(new Guard.Not(no).holds(ctx)).isTrue();
    assertThat(
            new Guard.All(List.of(new Guard.StatusIs("lag", Set.of(ToolReport.Status.OK)), yes))
                .reads())
        .containsExactly("lag");
    assertThat(new Guard.Not(new Guard.Any(List.of(yes, no))).inputs())
        .containsExactly("job", "cluster");
  }

  @Test
  void codePatternsMatchWholeCodes() {
    assertThat(new CodeGlob("flink.backpressure.*").matches("flink.backpressure.key-skew"))
        .isTrue();
    assertThat(new CodeGlob("flink.backpressure.*").matches("flink.backpressured")).isFalse();
    assertThat(new CodeGlob("table.duplicate*").matches("table.duplicate-keys.found")).isTrue();
    assertThat(new CodeGlob("kafka.lag.ok").matches("kafka.lag.ok-ish")).isFalse();
  }
}
