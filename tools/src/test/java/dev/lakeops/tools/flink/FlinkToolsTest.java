package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import java.time.Clock;
import org.junit.jupiter.api.Test;

class FlinkToolsTest {

  private static FlinkTools tools(FlinkRest rest) {
    return new FlinkTools(new FlinkJobProbe(rest, Sampling.once(), Clock.systemUTC()), new BackpressureAnalyzer());
  }

  @Test
  void answersTheModelWithCompactJson() throws Exception {
    String json = tools(new RecordedFlinkRest("2.3/backpressured")).locateBackpressureBottleneck("bp-pipeline");

    JsonNode report = Json.mapper().readTree(json);
    assertThat(json).doesNotContain("\n");
    assertThat(report.path("status").asText()).isEqualTo("OK");
    assertThat(report.path("findings").get(0).path("code").asText()).isEqualTo("flink.backpressure.bottleneck");
    assertThat(report.path("findings").get(0).path("evidence").path("vertex").asText()).isEqualTo("slow-enrich");
  }

  @Test
  void answersNoDataForAnUnknownJob() {
    ToolReport report = tools(new RecordedFlinkRest("2.3/backpressured")).backpressure("nope");

    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error()).contains("no such job: 'nope'").contains("GET /v1/jobs/overview");
  }

  @Test
  void neverThrowsAtTheModelEvenOnABug() {
    FlinkRest broken = new FlinkRest() {
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
    FlinkRest down = new FlinkRest() {
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
