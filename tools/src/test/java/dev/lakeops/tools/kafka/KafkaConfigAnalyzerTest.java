package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.kafka.Fixtures.codes;
import static dev.lakeops.tools.kafka.Fixtures.only;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Configuration risks: each risky setting against its safe counterpart. */
class KafkaConfigAnalyzerTest {

  private final KafkaConfigAnalyzer analyzer = new KafkaConfigAnalyzer();

  @Test
  void flagsRiskyTopicSettings() {
    KafkaLagSnapshot s =
        topic(3, Map.of("unclean.leader.election.enable", "true", "min.insync.replicas", "1"));

    List<Finding> findings = analyzer.analyze(s, ClientSettings.unknown());

    assertThat(codes(findings))
        .contains(
            "kafka.config.unclean-leader-election",
            "kafka.config.min-insync-replicas",
            "kafka.config.client-settings-unknown");
    assertThat(only(findings, "kafka.config.unclean-leader-election").severity())
        .isEqualTo(Severity.CRITICAL);
    assertThat(only(findings, "kafka.config.min-insync-replicas").evidence())
        .containsEntry("topic", "orders")
        .containsEntry("replicationFactor", "3");
  }

  @Test
  void passesSafeTopicSettings() {
    KafkaLagSnapshot s =
        topic(3, Map.of("unclean.leader.election.enable", "false", "min.insync.replicas", "2"));

    assertThat(codes(analyzer.analyze(s, safe()))).containsExactly("kafka.config.ok");
  }

  @Test
  void flagsASingleReplica() {
    assertThat(codes(analyzer.analyze(topic(1, Map.of()), safe())))
        .containsExactly("kafka.config.single-replica");
  }

  @Test
  void flagsKafkaDefaultsOfAConsumerWhoseSettingsAreGiven() {
    ClientSettings defaults = new ClientSettings(Map.of("group.id", "orders-sink"), Map.of(), null);

    assertThat(codes(analyzer.analyze(topic(3, Map.of("min.insync.replicas", "2")), defaults)))
        .containsExactly("kafka.config.auto-commit", "kafka.config.offset-reset-latest");
  }

  @Test
  void flagsProcessingSlowerThanThePollInterval() {
    ClientSettings slow =
        new ClientSettings(
            Map.of(
                "enable.auto.commit",
                "false",
                "auto.offset.reset",
                "earliest",
                "max.poll.records",
                "500",
                "max.poll.interval.ms",
                "300000"),
            Map.of(),
            Duration.ofMillis(700));

    Finding f =
        only(
            analyzer.analyze(topic(3, Map.of("min.insync.replicas", "2")), slow),
            "kafka.config.poll-interval-exceeded");

    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence())
        .containsEntry("processingMsPerPoll", "350000")
        .containsEntry("max.poll.interval.ms", "300000");
  }

  @Test
  void flagsUnsafeProducerSettings() {
    ClientSettings producer =
        new ClientSettings(Map.of(), Map.of("acks", "0", "enable.idempotence", "false"), null);

    List<Finding> findings =
        analyzer.analyze(topic(3, Map.of("min.insync.replicas", "2")), producer);

    assertThat(codes(findings))
        .containsExactly("kafka.config.producer-acks", "kafka.config.idempotence-disabled");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.CRITICAL);
  }

  @Test
  void flagsReadUncommittedOnlyOnTransactionalTopics() {
    ClientSettings readUncommitted =
        new ClientSettings(
            Map.of("enable.auto.commit", "false", "auto.offset.reset", "earliest"), Map.of(), null);

    assertThat(codes(analyzer.analyze(Fixtures.latest("lag_transaction_markers"), readUncommitted)))
        .contains("kafka.config.read-uncommitted");
    assertThat(codes(analyzer.analyze(Fixtures.latest("lag_healthy"), readUncommitted)))
        .doesNotContain("kafka.config.read-uncommitted");
  }

  private static ClientSettings safe() {
    return new ClientSettings(
        Map.of(
            "enable.auto.commit",
            "false",
            "auto.offset.reset",
            "earliest",
            "isolation.level",
            "read_committed"),
        Map.of("acks", "all"),
        Duration.ofMillis(2));
  }

  private static KafkaLagSnapshot topic(int replicas, Map<String, String> configs) {
    return new KafkaLagSnapshot(
        "prod",
        "kafka-1:9092",
        java.time.Instant.parse("2026-01-01T00:00:00Z"),
        List.of(),
        List.of(),
        List.of(new TopicInfo("orders", 6, replicas, configs)),
        List.of(),
        List.of(),
        List.of(),
        List.of("describeConfigs(topics orders) at kafka-1:9092"));
  }
}
