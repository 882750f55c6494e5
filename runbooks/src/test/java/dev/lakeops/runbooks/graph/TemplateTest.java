package dev.lakeops.runbooks.graph;

import static dev.lakeops.runbooks.graph.FixedContext.finding;
import static dev.lakeops.runbooks.graph.FixedContext.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.Severity;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TemplateTest {

  private final FixedContext ctx =
      FixedContext.of(
          Map.of(
              "bp",
              ok(
                  "flink.backpressure",
                  finding(Severity.INFO, "flink.metrics.unavailable", Map.of()),
                  finding(
                      Severity.CRITICAL,
                      "flink.backpressure.bottleneck",
                      Map.of("vertex", "lake-writer")))));

  @Test
  void resolvesLabelsInputsParamsAndFindingFields() {
    Template t =
        Template.parse(
            "${labels.job_name}/${inputs.job} on ${bp.param.cluster}:"
                + " ${bp[flink.backpressure.*].evidence.vertex} (${bp[*>=WARN].severity},"
                + " ${bp.status}) ${annotations.summary}");

    assertThat(t.render(ctx)).contains("orders/orders on eu: lake-writer (CRITICAL, OK) late");
    assertThat(Template.outputsOf(java.util.List.of(t))).containsExactly("bp");
    assertThat(Template.inputsOf(java.util.List.of(t))).containsExactly("job");
  }

  @Test
  void isEmptyWhenAReferenceHasNoValueAndLenientLeavesItOut() {
    Template t = Template.parse("vertex ${bp[flink.backpressure.none].evidence.vertex}.");

    assertThat(t.render(ctx)).isEmpty();
    assertThat(t.renderLenient(ctx, Template.FindingIds.NONE)).isEqualTo("vertex .");
  }

  @Test
  void substitutesValuesAsTextOnly() {
    FixedContext hostile =
        new FixedContext(
            new dev.lakeops.runbooks.AlertSignal(Map.of("job_name", "${inputs.job}"), Map.of()),
            Map.of("job", "x"),
            Map.of());

    assertThat(Template.parse("${labels.job_name}").render(hostile)).contains("${inputs.job}");
  }

  @Test
  void rejectsMalformedReferences() {
    assertThatThrownBy(() -> Template.parse("${nothing}"))
        .hasMessageContaining("Malformed reference ${nothing}");
    assertThatThrownBy(() -> Template.parse("${bp.evidence.x}"))
        .hasMessageContaining("an output has status, error");
    assertThatThrownBy(() -> Template.parse("${bp[Flink!].summary}"))
        .hasMessageContaining("Invalid finding code pattern");
    assertThatThrownBy(() -> Template.parse("${bp[x>=LOUD].summary}"))
        .hasMessageContaining("Unknown severity 'LOUD'");
    assertThatThrownBy(() -> Template.parse("open ${labels.x"))
        .hasMessageContaining("Unclosed reference");
  }
}
