package dev.lakeops.runbooks.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.RouteReason;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AlertReaderTest {

  private final AlertReader reader = AlertReader.builtIn();

  private AlertReading read(String name, String summary) {
    return reader.read(new AlertSignal(Map.of("alertname", name), Map.of("summary", summary)));
  }

  private static java.util.List<String> signals(AlertReading r) {
    return r.hits().stream().map(SignalHit::signal).distinct().toList();
  }

  @Test
  void matchesWholeWordsWithTheirInflections() {
    assertThat(signals(read("FlinkJobBackpressured", "x"))).contains("flink.backpressure");
    assertThat(signals(read("X", "the job is lagging"))).contains("flink.delay", "kafka.lag");
    assertThat(signals(read("orders_job_restarting", "x"))).contains("flink.restarts");
    assertThat(signals(read("X", "it restarted twice"))).contains("flink.restarts", "duplicates");
    assertThat(signals(read("X", "Back-Pressure on the sink"))).contains("flink.backpressure");
  }

  @Test
  void leavesFalseFriendsAlone() {
    assertThat(
            read(
                    "FeatureFlagCalculationSlowdown",
                    "calculate the latest template in the lagoon; a countdown to shutdown")
                .hits())
        .isEmpty();
  }

  @Test
  void findsChinesePhrasesAsTheyAreAndSkipsTheirExceptions() {
    assertThat(signals(read("订单作业反压", "x"))).contains("flink.backpressure");
    assertThat(signals(read("X", "checkpoint 超时"))).contains("flink.checkpoints");
    assertThat(signals(read("X", "数据丢失"))).contains("kafka.loss");
    assertThat(signals(read("X", "重复告警：请忽略"))).doesNotContain("duplicates");
    assertThat(signals(read("X", "网络延迟高"))).doesNotContain("flink.delay");
  }

  @Test
  void weighsTheRulesMetricAboveItsNameAboveItsAnnotations() {
    AlertReading r =
        reader.read(
            new AlertSignal(
                Map.of("alertname", "FlinkRestarting", "job_name", "j"),
                Map.of("summary", "restarts"),
                "http://p/graph?g0.expr=flink_jobmanager_job_numRestarts+%3E+3",
                null));

    assertThat(r.hits("flink.restarts"))
        .extracting(SignalHit::kind)
        .containsExactly(RouteReason.Kind.METRIC, RouteReason.Kind.NAME, RouteReason.Kind.TEXT);
    assertThat(r.hits("flink.restarts"))
        .extracting(SignalHit::weight)
        .containsExactly(4.0, 3.0, 2.0);
  }

  @Test
  void readsConceptsFromAnyLabelNameTheExportersUse() {
    assertThat(value(Map.of("consumergroup", "a"), "kafka.group"))
        .isEqualTo("a (label consumergroup)");
    assertThat(value(Map.of("group_id", "a"), "kafka.group")).isEqualTo("a (label group_id)");
    assertThat(value(Map.of("topic_name", "t"), "kafka.topic")).isEqualTo("t (label topic_name)");
    assertThat(value(Map.of("job_id", "f".repeat(32)), "flink.job-id")).startsWith("ffff");
    assertThat(value(Map.of("table", "orders", "database", "shop"), "lake.table"))
        .startsWith("shop.orders");
    assertThat(reader.read(new AlertSignal(Map.of("job", "node-exporter"), Map.of())).concepts())
        .doesNotContainKey("flink.job");
  }

  @Test
  void readsConceptsFromTheExpressionsLabelMatchersAfterTheLabels() {
    AlertReading r =
        reader.read(
            new AlertSignal(
                Map.of("alertname", "A", "topic", "from-label"),
                Map.of(),
                "http://p/graph?g0.expr=kafka_consumergroup_lag%7Bconsumergroup%3D%22orders%22%2Ctopic%3D%22t%22%7D",
                null));

    assertThat(r.concepts().get("kafka.group").toString())
        .isEqualTo("orders (expression consumergroup=\"orders\")");
    assertThat(r.concepts().get("kafka.topic").value()).isEqualTo("from-label");
  }

  @Test
  void readsConfiguredLabelNamesFirst() {
    AlertReader custom =
        new AlertReader(
            Vocabulary.builtIn()
                .withLabelAliases(Map.of("flink.job", java.util.List.of("pipeline"))));

    AlertReading r =
        custom.read(new AlertSignal(Map.of("pipeline", "orders", "job_name", "other"), Map.of()));

    assertThat(r.concepts().get("flink.job").value()).isEqualTo("orders");
    assertThat(r.concepts().get("flink.job").specific()).isTrue();
  }

  @Test
  void weakLabelsFillAConceptButDoNotSayWhatTheAlertIsAbout() {
    ConceptValue v =
        reader
            .read(new AlertSignal(Map.of("file", "/b/mysql-bin.000001"), Map.of()))
            .concepts()
            .get("binlog.file");

    assertThat(v.value()).isEqualTo("/b/mysql-bin.000001");
    assertThat(v.specific()).isFalse();
  }

  private String value(Map<String, String> labels, String concept) {
    return reader.read(new AlertSignal(labels, Map.of())).concepts().get(concept).toString();
  }
}
