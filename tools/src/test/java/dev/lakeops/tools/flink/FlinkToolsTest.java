package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlinkToolsTest {

  private static FlinkTools tools(FlinkRest rest) {
    return new FlinkTools(
        new FlinkJobProbe(rest, Sampling.once(), Clock.systemUTC()), new BackpressureAnalyzer());
  }

  @Test
  void theDeclaredToolsCallTheTypedMethodsWithTheirArguments() {
    FlinkTools tools = tools(new RecordedFlinkRest("2.3/backpressured"));
    ToolFunction<ToolReport> backpressure =
        tools.functions().stream()
            .filter(f -> f.name().equals(FlinkTools.BACKPRESSURE))
            .findFirst()
            .orElseThrow();

    ToolReport report =
        backpressure.apply(ToolArgs.read(backpressure.spec(), Map.of("job", "bp-pipeline")));

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(report.findings().get(0).code()).isEqualTo("flink.backpressure.bottleneck");
    assertThat(report.findings().get(0).evidence()).containsEntry("vertex", "slow-enrich");
    assertThat(tools.functions())
        .extracting(ToolFunction::spec)
        .containsExactlyElementsOf(FlinkToolSpecs.ALL);
  }

  @Test
  void answersNoDataForAnUnknownJob() {
    ToolReport report = tools(new RecordedFlinkRest("2.3/backpressured")).backpressure("nope");

    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error()).contains("no such job: 'nope'").contains("GET /v1/jobs/overview");
  }

  @Test
  void neverThrowsAtTheModelEvenOnABug() {
    FlinkRest broken =
        new FlinkRest() {
          @Override
          public JsonNode get(String path) {
            throw new NullPointerException("Authorization: Bearer s3cr3t");
          }

          @Override
          public String baseUrl() {
            return "http://flink:8081";
          }
        };

    ToolReport report = tools(broken).backpressure("bp-pipeline");

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error()).contains("internal error").doesNotContain("s3cr3t");
  }

  @Test
  void reportsAnUnreachableClusterAsAnError() {
    FlinkRest down =
        new FlinkRest() {
          @Override
          public JsonNode get(String path) {
            throw new ProbeException(ProbeException.Code.UNREACHABLE, "GET " + path, "refused");
          }

          @Override
          public String baseUrl() {
            return "http://flink:8081";
          }
        };

    ToolReport report = tools(down).backpressure("bp-pipeline");

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error()).startsWith("UNREACHABLE");
  }
}
