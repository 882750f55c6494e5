package dev.lakeops.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The facade's contract: never throws, says what was searched, names the bootstrap address. */
class KafkaToolsTest {

  private final KafkaTools tools =
      new KafkaTools(
          KafkaClusters.of(List.of(new KafkaCluster("prod", "127.0.0.1:1", Map.of()))),
          KafkaProbeOptions.defaults().withTimeout(Duration.ofMillis(500)),
          LagRules.defaults(),
          LagHistory.defaults(),
          Clock.systemUTC());

  private ToolReport call(String tool, Map<String, ?> args) {
    ToolFunction<ToolReport> f =
        tools.functions().stream().filter(t -> t.name().equals(tool)).findFirst().orElseThrow();
    return f.apply(ToolArgs.read(f.spec(), args));
  }

  @Test
  void answersNoDataNamingTheConfiguredClustersForAnUnknownOne() {
    ToolReport report = call(KafkaTools.GROUPS, Map.of("cluster", "staging"));

    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error()).contains("staging", "configured: prod");
    assertThat(report.params()).containsEntry("cluster", "staging");
  }

  @Test
  void reportsAnUnreachableClusterAsAnErrorNamingItsBootstrapAddress() {
    ToolReport report = call(KafkaTools.GROUPS, Map.of("cluster", "prod"));

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error()).startsWith("UNREACHABLE").contains("127.0.0.1:1");
  }

  @Test
  void theDeclaredToolsReadTypedArguments() {
    ToolReport reconcile =
        call(
            KafkaTools.RECONCILE,
            Map.of(
                "cluster",
                "prod",
                "topic",
                "orders",
                "partition",
                0,
                "from",
                "5",
                "to",
                10L,
                "sink_count",
                "5"));

    assertThat(reconcile.params())
        .containsEntry("ranges", "0:5-10")
        .containsEntry("sinkCount", "5");
    assertThat(tools.functions())
        .extracting(ToolFunction::spec)
        .containsExactlyElementsOf(KafkaToolSpecs.ALL);
  }

  @Test
  void theConfigsToolPassesTheClientSettingsItIsGiven() {
    ClientSettings settings =
        KafkaToolSpecs.clientSettings(
            ToolArgs.read(
                KafkaToolSpecs.CONFIGS,
                Map.of(
                    "cluster",
                    "prod",
                    "topic",
                    "orders",
                    "enable_auto_commit",
                    "TRUE",
                    "max_poll_records",
                    10,
                    "producer_acks",
                    "1",
                    "processing_ms_per_record",
                    2.5)));

    assertThat(settings.consumer())
        .containsExactly(
            Map.entry("enable.auto.commit", "true"), Map.entry("max.poll.records", "10"));
    assertThat(settings.producer()).containsExactly(Map.entry("acks", "1"));
    assertThat(settings.processingTimePerRecord()).isEqualTo(Duration.ofNanos(2_500_000));
  }

  @Test
  void keepsTheCallParametersInTheReport() {
    ToolReport report =
        tools.reconcile(
            new KafkaCluster("prod", "127.0.0.1:1", Map.of()),
            "orders",
            List.of(new OffsetRange(0, 5, 10)),
            5,
            "g");

    assertThat(report.params())
        .containsEntry("cluster", "prod")
        .containsEntry("bootstrap", "127.0.0.1:1")
        .containsEntry("ranges", "0:5-10")
        .containsEntry("sinkCount", "5")
        .containsEntry("group", "g");
    assertThat(report.findings()).isEmpty();
  }
}
