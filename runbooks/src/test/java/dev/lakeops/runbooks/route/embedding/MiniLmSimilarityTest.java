package dev.lakeops.runbooks.route.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.RouteReason;
import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.plan.RoutePlan;
import dev.lakeops.runbooks.route.AlertExample;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.route.KnownAlerts;
import dev.lakeops.runbooks.tool.ToolRegistry;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The in-process embedding model routes alert text no rule of the vocabulary covers, and only that.
 */
class MiniLmSimilarityTest {

  private final DeterministicPlanner planner =
      DeterministicPlanner.shipped(
          new ToolRegistry(),
          Clock.systemUTC(),
          AlertRouting.defaults(),
          MiniLmSimilarity.shared(),
          AlertExamples.NONE);

  private RoutePlan route(String name, String label, String value, String summary) {
    return planner.route(
        new AlertSignal(Map.of("alertname", name, label, value), Map.of("summary", summary)));
  }

  @Test
  void routesTextNoRuleCoversByItsMeaning() {
    RoutePlan lag =
        route(
            "ConsumersFallingAway",
            "consumergroup",
            "orders-sink",
            "Consumers are not keeping up with what producers write to the topic");
    RoutePlan files =
        route(
            "TinyParquetFiles",
            "table",
            "db.events",
            "Thousands of tiny parquet files pile up in every bucket of the table");

    assertThat(lag.chosen()).containsExactly("kafka-lag");
    assertThat(lag.routing().scores().get(0).reasons())
        .anySatisfy(r -> assertThat(r.kind()).isEqualTo(RouteReason.Kind.SIMILARITY));
    // The layout runbook, which also counts small files per bucket, may run beside it; the small
    // files runbook fits best.
    assertThat(files.chosen()).first().isEqualTo("table-small-files");
    assertThat(files.chosen()).containsOnly("table-small-files", "table-layout");
    assertThat(MiniLmSimilarity.shared().loaded()).isTrue();
  }

  @Test
  void relatesNothingToTextAboutSomethingElseButSaysHowCloseItCame() {
    RoutePlan disk =
        route("HostOutOfDiskSpace", "instance", "node-1:9100", "Disk is almost full (< 10% left)");
    RoutePlan tls =
        route(
            "SSLCertificateExpiringSoon",
            "instance",
            "https://api",
            "SSL certificate will expire soon");

    assertThat(disk.chosen()).isEmpty();
    assertThat(tls.chosen()).isEmpty();
    assertThat(disk.routing().notes())
        .anySatisfy(
            n -> assertThat(n).startsWith("best similarity 0.").contains("relates from 0.45"));
  }

  @Test
  void isNotConsultedWhenTheVocabularyAlreadySaysWhatFired() {
    RoutePlan p = route("FlinkJobBackpressured", "job_name", "orders", "busy");

    assertThat(p.routing().notes()).noneMatch(n -> n.startsWith("best similarity"));
  }

  @Test
  void findsPastAlertsLikeThisOne() {
    KnownAlerts known =
        new KnownAlerts(
            List.of(
                new AlertExample(
                    "inc-17",
                    Map.of("alertname", "OrdersSinkSlow"),
                    "orders sink is slow",
                    "flink-backpressure"),
                new AlertExample(
                    "inc-21",
                    Map.of("alertname", "PaymentsTopicStuck"),
                    "payments consumers stopped reading the topic",
                    "kafka-lag")),
            MiniLmSimilarity.shared(),
            0.5);
    DeterministicPlanner withExamples =
        DeterministicPlanner.shipped(
            new ToolRegistry(),
            Clock.systemUTC(),
            AlertRouting.defaults(),
            MiniLmSimilarity.shared(),
            known);

    RoutePlan same =
        withExamples.route(
            new AlertSignal(Map.of("alertname", "OrdersSinkSlow", "job_name", "orders"), Map.of()));
    RoutePlan alike =
        withExamples.route(
            new AlertSignal(
                Map.of("alertname", "RefundsTopicStuck", "consumergroup", "refunds"),
                Map.of("summary", "refunds consumers stopped reading the topic")));

    assertThat(same.chosen()).first().isEqualTo("flink-backpressure");
    assertThat(same.routing().scores().get(0).reasons())
        .anySatisfy(r -> assertThat(r.detail()).contains("like past alert inc-17 (1.00)"));
    assertThat(alike.chosen()).first().isEqualTo("kafka-lag");
  }
}
