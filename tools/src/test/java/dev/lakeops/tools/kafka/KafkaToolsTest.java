package dev.lakeops.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ToolReport;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The facade's contract: never throws, says what was searched, names the bootstrap address. */
class KafkaToolsTest {

  private final KafkaTools tools = new KafkaTools(
      KafkaClusters.of(List.of(new KafkaCluster("prod", "127.0.0.1:1", Map.of()))),
      KafkaProbeOptions.defaults().withTimeout(Duration.ofMillis(500)), LagRules.defaults(), LagHistory.defaults(), Clock.systemUTC());

  @Test
  void answersNoDataNamingTheConfiguredClustersForAnUnknownOne() throws Exception {
    JsonNode report = Json.mapper().readTree(tools.consumerGroups("staging"));

    assertThat(report.path("status").asText()).isEqualTo("NO_DATA");
    assertThat(report.path("error").asText()).contains("staging", "configured: prod");
  }

  @Test
  void reportsAnUnreachableClusterAsAnErrorNamingItsBootstrapAddress() throws Exception {
    JsonNode report = Json.mapper().readTree(tools.consumerGroups("prod"));

    assertThat(report.path("status").asText()).isEqualTo("ERROR");
    assertThat(report.path("error").asText()).startsWith("UNREACHABLE").contains("127.0.0.1:1");
  }

  @Test
  void keepsTheCallParametersInTheReport() {
    ToolReport report = tools.reconcile(new KafkaCluster("prod", "127.0.0.1:1", Map.of()), "orders", List.of(new OffsetRange(0, 5, 10)), 5, "g");

    assertThat(report.params()).containsEntry("cluster", "prod").containsEntry("bootstrap", "127.0.0.1:1")
        .containsEntry("ranges", "0:5-10").containsEntry("sinkCount", "5").containsEntry("group", "g");
    assertThat(report.findings()).isEmpty();
  }
}
