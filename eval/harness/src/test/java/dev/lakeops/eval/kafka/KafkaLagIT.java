package dev.lakeops.eval.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.eval.sandbox.KafkaSandbox;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.kafka.ClientSettings;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import dev.lakeops.tools.kafka.OffsetRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Kafka lag, reconcile and config tools against a real KRaft broker, one condition per test,
 * each on its own topic and group, with healthy controls. Set {@code -Dlakeops.kafka.record=DIR} to
 * write every captured window as JSON (the analyzer fixtures come from there). The broker is shared
 * with {@link KafkaTriageIT} ({@link SharedBroker}).
 */
@ExtendWith(SharedBroker.class)
class KafkaLagIT {

  private static final Duration STEP = Duration.ofMillis(700);
  private static KafkaSandbox broker;
  private static KafkaFixtures kafka;

  @BeforeAll
  static void startBroker() {
    broker = SharedBroker.broker();
    kafka = new KafkaFixtures(broker.bootstrap());
  }

  @AfterAll
  static void closeClients() {
    if (kafka != null) {
      kafka.close();
    }
  }

  @Test
  void reportsAHealthyGroupAsOk() throws Exception {
    kafka.createTopic("healthy", 3, Map.of());
    kafka.produce("healthy", 300, 30);
    // the precondition of the reconcile below: the group read all 300 records
    assertThat(kafka.consumeAll("g-healthy", "healthy")).isEqualTo(300);
    KafkaTools tools = tools();
    KafkaCluster c = cluster("healthy");

    ToolReport report = tools.lag(c, List.of("g-healthy"), 2, STEP, Map.of());
    record("healthy", tools, c);

    Finding f = only(report, "kafka.lag.ok");
    assertThat(f.severity()).isEqualTo(Severity.OK);
    assertThat(f.evidence())
        .containsEntry("group", "g-healthy")
        .containsEntry("totalLag", "0")
        .containsEntry("partitions", "3")
        .containsEntry("bootstrap", broker.bootstrap());
    assertThat(report.worst()).isEqualTo(Severity.OK);
    assertThat(tools.reconcile(c, "healthy", List.of(), 300, "g-healthy").findings())
        .extracting(Finding::code)
        .containsExactly("kafka.reconcile.match");
  }

  @Test
  void callsAGroupThatCommitsSlowerThanProducersWriteGrowing() throws Exception {
    kafka.createTopic("lagging", 1, Map.of());
    KafkaTools tools = tools();
    KafkaCluster c = cluster("lagging");
    kafka.produce("lagging", 100, 10);
    for (int step = 1; step <= 3; step++) {
      kafka.commit("g-lagging", "lagging", 0, 10L * step);
      tools.lag(c, List.of("g-lagging"), 1, Duration.ZERO, Map.of());
      kafka.produce("lagging", 100, 10);
    }
    kafka.commit("g-lagging", "lagging", 0, 40);

    ToolReport report = tools.lag(c, List.of("g-lagging"), 1, Duration.ZERO, Map.of());
    record("lagging", tools, c);

    Finding f = only(report, "kafka.lag.growing");
    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.evidence())
        .containsEntry("group", "g-lagging")
        .containsEntry("maxLagPartition", "lagging-0")
        .containsEntry("totalLag", "360");
    assertThat(f.evidence().get("partition[lagging-0]")).contains("lagTrend=90>180>270>360");
  }

  @Test
  void callsAGroupWithLiveMembersThatDoesNotMoveStalled() throws Exception {
    kafka.createTopic("stalled", 2, Map.of());
    kafka.produce("stalled", 100, 20);
    KafkaTools tools = tools();
    KafkaCluster c = cluster("stalled");
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(kafka.consumerConfig("g-stalled", Map.of()))) {
      consumer.subscribe(List.of("stalled"));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (consumer.assignment().size() < 2 && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(100));
      }
      consumer.commitSync(
          Map.of(
              new TopicPartition("stalled", 0),
              new OffsetAndMetadata(5),
              new TopicPartition("stalled", 1),
              new OffsetAndMetadata(5)));
      // The consumer stays a member (its heartbeat thread runs) but makes no progress.

      ToolReport report = tools.lag(c, List.of("g-stalled"), 3, STEP, Map.of());
      record("stalled", tools, c);

      Finding f = only(report, "kafka.lag.stalled");
      assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
      assertThat(f.evidence())
          .containsEntry("group", "g-stalled")
          .containsEntry("state", "Stable")
          .containsEntry("members", "1")
          .containsKeys("partition[stalled-0]", "partition[stalled-1]");
    }
  }

  @Test
  void reportsDataLossWhenTheCommittedOffsetFellBelowTheLogStart() throws Exception {
    kafka.createTopic("retention", 1, Map.of());
    kafka.produce("retention", 100, 10);
    kafka.commit("g-retention", "retention", 0, 30);
    kafka
        .admin()
        .deleteRecords(Map.of(new TopicPartition("retention", 0), RecordsToDelete.beforeOffset(60)))
        .all()
        .get(10, TimeUnit.SECONDS);
    KafkaTools tools = tools();
    KafkaCluster c = cluster("retention");

    ToolReport report = tools.lag(c, List.of("g-retention"), 1, Duration.ZERO, Map.of());
    record("below_log_start", tools, c);

    Finding f = only(report, "kafka.offset.below-log-start");
    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence()).containsEntry("group", "g-retention");
    assertThat(f.evidence().get("partition[retention-0]"))
        .contains("status=ERR", "committed=30", "logStart=60");
    assertThat(f.summary()).contains("30 offset(s) were deleted");
    ToolReport counted =
        tools.reconcile(c, "retention", List.of(new OffsetRange(0, 30, 100)), 40, "g-retention");
    assertThat(counted.findings())
        .extracting(Finding::code)
        .contains("kafka.reconcile.range-deleted", "kafka.reconcile.match");
  }

  @Test
  void warnsWhenUnreadRecordsAreOlderThanTheTopicRetention() throws Exception {
    kafka.createTopic("aging", 1, Map.of("retention.ms", "300000"));
    kafka.produceAt("aging", 0, 20, System.currentTimeMillis() - Duration.ofMinutes(10).toMillis());
    kafka.commit("g-aging", "aging", 0, 5);
    KafkaCluster c = cluster("aging");

    ToolReport report =
        tools().configs(c, List.of("aging"), List.of("g-aging"), ClientSettings.unknown());

    Finding f = only(report, "kafka.config.retention-shorter-than-lag");
    assertThat(f.evidence())
        .containsEntry("group", "g-aging")
        .containsEntry("partition", "aging-0")
        .containsEntry("retentionMs", "300000");
    assertThat(Long.parseLong(f.evidence().get("timeLagMs")))
        .isGreaterThan(Duration.ofMinutes(9).toMillis());
    assertThat(
            tools()
                .configs(
                    c, List.of("healthy-control-topic-absent"), List.of(), ClientSettings.unknown())
                .findings())
        .extracting(Finding::code)
        .doesNotContain("kafka.config.retention-shorter-than-lag");
  }

  @Test
  void explainsALagOfOneAsATransactionMarkerAndAnOpenTransactionAsNoStall() throws Exception {
    kafka.createTopic("tx-orders", 1, Map.of());
    TopicPartition tp = new TopicPartition("tx-orders", 0);
    try (KafkaProducer<String, String> committed = transactional("tx-1");
        KafkaProducer<String, String> open = transactional("tx-open")) {
      committed.beginTransaction();
      for (int i = 0; i < 10; i++) {
        committed.send(new ProducerRecord<>("tx-orders", 0, "k" + i, "v" + i));
      }
      committed.commitTransaction();
      kafka.awaitHighWatermark(tp, 11); // offsets 0-9 and the commit marker at 10
      kafka.commit("g-marker", "tx-orders", 0, 10);
      kafka.commit("g-at-stable", "tx-orders", 0, 11);
      open.beginTransaction();
      for (int i = 0; i < 4; i++) {
        open.send(new ProducerRecord<>("tx-orders", 0, "open" + i, "v" + i));
      }
      open.flush(); // offsets 11-14, left open
      KafkaTools tools = tools();
      KafkaCluster c = cluster("transactions");

      ToolReport report = tools.lag(c, List.of("g-marker", "g-at-stable"), 3, STEP, Map.of());
      record("transaction_markers", tools, c);

      assertThat(codes(report, "g-marker"))
          .contains("kafka.lag.ok", "kafka.lag.transaction-marker", "kafka.lag.open-transaction")
          .doesNotContain("kafka.lag.stopped", "kafka.lag.stalled");
      assertThat(
              find(report, "kafka.lag.transaction-marker", "g-marker")
                  .evidence()
                  .get("partition[tx-orders-0]"))
          .contains("committed=10", "end=11", "lag=1", "dataRecordsLeft=0");
      assertThat(codes(report, "g-at-stable"))
          .contains("kafka.lag.ok", "kafka.lag.open-transaction")
          .doesNotContain("kafka.lag.transaction-marker");
      assertThat(
              find(report, "kafka.lag.open-transaction", "g-at-stable")
                  .evidence()
                  .get("partition[tx-orders-0]"))
          .contains(
              "lastStable=11",
              "highWatermark=15",
              "lagToHighWatermark=4",
              "transactionStartOffset=11");
      open.abortTransaction();
    }
  }

  @Test
  void explainsOffsetGapsOfACompactedTopic() throws Exception {
    kafka.createTopic(
        "compacted",
        1,
        Map.of(
            "cleanup.policy",
            "compact",
            "segment.ms",
            "100",
            "min.cleanable.dirty.ratio",
            "0.01",
            "delete.retention.ms",
            "0"));
    kafka.produce("compacted", 100, 5);
    Thread.sleep(200);
    kafka.produce("compacted", 1, 1); // rolls the segment so the cleaner may compact the first
    KafkaTools tools = tools();
    KafkaCluster c = cluster("compacted");
    long records = awaitCompaction(tools, c);
    kafka.commit("g-compacted", "compacted", 0, 0);

    ToolReport lag = tools.lag(c, List.of("g-compacted"), 1, Duration.ZERO, Map.of());
    record("compacted", tools, c);
    ToolReport reconcile =
        tools.reconcile(c, "compacted", List.of(new OffsetRange(0, 0, 101)), records, null);

    Finding f = only(lag, "kafka.lag.compacted-topic");
    assertThat(f.evidence())
        .containsEntry("group", "g-compacted")
        .containsEntry("topics", "compacted");
    assertThat(f.evidence().get("partition[compacted-0]"))
        .contains("committed=0", "lag=101", "gap=");
    assertThat(reconcile.findings())
        .extracting(Finding::code)
        .containsExactly("kafka.reconcile.offset-gaps", "kafka.reconcile.match");
    assertThat(reconcile.findings().get(0).evidence()).containsEntry("compacted", "true");
  }

  @Test
  void explainsDuplicatesWithARewindOfTheCommittedOffset() throws Exception {
    kafka.createTopic("rewind", 1, Map.of());
    kafka.produce("rewind", 100, 10);
    int first = kafka.consumeAll("g-rewound", "rewind");
    KafkaTools tools = tools();
    KafkaCluster c = cluster("rewind");
    tools.lag(c, List.of("g-rewound"), 1, Duration.ZERO, Map.of());
    kafka
        .admin()
        .alterConsumerGroupOffsets(
            "g-rewound", Map.of(new TopicPartition("rewind", 0), new OffsetAndMetadata(40)))
        .all()
        .get(10, TimeUnit.SECONDS);

    ToolReport lag = tools.lag(c, List.of("g-rewound"), 1, Duration.ZERO, Map.of());
    int replayed = kafka.consumeAll("g-rewound", "rewind");
    tools.lag(c, List.of("g-rewound"), 1, Duration.ZERO, Map.of());
    record("rewound", tools, c);
    ToolReport reconcile =
        tools.reconcile(
            c, "rewind", List.of(new OffsetRange(0, 0, 100)), first + replayed, "g-rewound");

    Finding rewound = only(lag, "kafka.offset.rewound");
    assertThat(rewound.evidence())
        .containsEntry("group", "g-rewound")
        .containsEntry("rewind[rewind-0]", "100>40")
        .containsEntry("replayedOffsets", "60");
    Finding duplicates = only(reconcile, "kafka.reconcile.duplicates");
    assertThat(duplicates.evidence())
        .containsEntry("topic", "rewind")
        .containsEntry("duplicates", "60")
        .containsEntry("explainedByRewinds", "60")
        .containsEntry("unexplained", "0");
  }

  @Test
  void flagsRiskyClientSettingsAndPassesSafeOnes() throws Exception {
    kafka.createTopic("configs", 1, Map.of("unclean.leader.election.enable", "true"));
    KafkaCluster c = cluster("configs");
    ClientSettings risky =
        new ClientSettings(
            Map.of(
                "enable.auto.commit",
                "true",
                "auto.offset.reset",
                "latest",
                "max.poll.records",
                "500",
                "max.poll.interval.ms",
                "300000"),
            Map.of("acks", "1", "enable.idempotence", "false"),
            Duration.ofSeconds(1));
    ClientSettings safe =
        new ClientSettings(
            Map.of(
                "enable.auto.commit",
                "false",
                "auto.offset.reset",
                "earliest",
                "isolation.level",
                "read_committed"),
            Map.of("acks", "all"),
            Duration.ofMillis(1));

    List<String> riskyCodes =
        tools().configs(c, List.of("configs"), List.of(), risky).findings().stream()
            .map(Finding::code)
            .toList();
    List<String> safeCodes =
        tools().configs(c, List.of("configs"), List.of(), safe).findings().stream()
            .map(Finding::code)
            .toList();

    assertThat(riskyCodes)
        .contains(
            "kafka.config.unclean-leader-election",
            "kafka.config.single-replica",
            "kafka.config.auto-commit",
            "kafka.config.offset-reset-latest",
            "kafka.config.poll-interval-exceeded",
            "kafka.config.producer-acks",
            "kafka.config.idempotence-disabled");
    assertThat(safeCodes)
        .doesNotContain(
            "kafka.config.auto-commit",
            "kafka.config.offset-reset-latest",
            "kafka.config.poll-interval-exceeded",
            "kafka.config.producer-acks",
            "kafka.config.idempotence-disabled");
  }

  @Test
  void namesTheBootstrapAddressWhenNoBrokerListens() {
    KafkaTools tools =
        new KafkaTools(
            KafkaClusters.of(List.of()),
            KafkaProbeOptions.defaults().withTimeout(Duration.ofSeconds(1)),
            LagRules.defaults(),
            LagHistory.defaults(),
            Clock.systemUTC());

    ToolReport report =
        tools.lag(KafkaCluster.direct("127.0.0.1:1"), List.of(), 1, Duration.ZERO, Map.of());

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error()).startsWith("UNREACHABLE").contains("127.0.0.1:1");
  }

  @Test
  void answersNoDataForAGroupThatDoesNotExist() {
    ToolReport report =
        tools().lag(cluster("missing"), List.of("g-nobody"), 1, Duration.ZERO, Map.of());

    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error()).contains("g-nobody", broker.bootstrap());
  }

  @Test
  void theModelFacingToolReadsOnlyConfiguredClustersAndProbesAWindow() throws Exception {
    kafka.createTopic("tool", 1, Map.of());
    kafka.produce("tool", 10, 2);
    kafka.consumeAll("g-tool", "tool");
    KafkaTools tools =
        new KafkaTools(
            KafkaClusters.of(List.of(new KafkaCluster("sandbox", broker.bootstrap(), Map.of()))),
            KafkaProbeOptions.defaults(),
            // The probes of these tests span seconds, not the production windows of the defaults.
            LagRules.defaults()
                .withMinStallWindow(Duration.ofSeconds(1))
                .withMinGrowthWindow(Duration.ofMillis(200)),
            LagHistory.defaults(),
            Clock.systemUTC());

    dev.lakeops.tools.spec.ToolFunction<ToolReport> lag = tools.functions().get(0);
    com.fasterxml.jackson.databind.JsonNode report =
        Json.mapper()
            .valueToTree(
                lag.apply(
                    dev.lakeops.tools.spec.ToolArgs.read(
                        lag.spec(), Map.of("cluster", "sandbox", "group", "g-tool"))));
    com.fasterxml.jackson.databind.JsonNode unknown =
        Json.mapper()
            .valueToTree(
                lag.apply(
                    dev.lakeops.tools.spec.ToolArgs.read(
                        lag.spec(), Map.of("cluster", "prod", "group", "g-tool"))));

    assertThat(report.path("status").asText()).isEqualTo("OK");
    assertThat(report.path("params").path("samples").asText()).isEqualTo("2");
    assertThat(report.path("findings").get(0).path("code").asText()).isEqualTo("kafka.lag.ok");
    assertThat(report.path("findings").get(0).path("evidence").path("group").asText())
        .isEqualTo("g-tool");
    assertThat(unknown.path("status").asText()).isEqualTo("NO_DATA");
    assertThat(unknown.path("error").asText()).contains("prod", "configured: sandbox");
  }

  // --- helpers ---

  private static long awaitCompaction(KafkaTools tools, KafkaCluster c)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
    while (System.nanoTime() < deadline) {
      ToolReport counted =
          tools.reconcile(c, "compacted", List.of(new OffsetRange(0, 0, 101)), 101, null);
      Finding gaps =
          counted.findings().stream()
              .filter(f -> f.code().equals("kafka.reconcile.offset-gaps"))
              .findFirst()
              .orElse(null);
      if (gaps != null) {
        return Long.parseLong(gaps.evidence().get("sourceRecords"));
      }
      Thread.sleep(500);
    }
    throw new AssertionError(
        "the log cleaner did not compact topic 'compacted' within 45 s; broker log:\n"
            + String.join("\n", broker.logTail(60)));
  }

  private static KafkaProducer<String, String> transactional(String id) {
    KafkaProducer<String, String> producer =
        new KafkaProducer<>(
            kafka.producerConfig(
                Map.of(
                    ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                    id,
                    ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                    true)));
    producer.initTransactions();
    return producer;
  }

  private static KafkaTools tools() {
    return new KafkaTools(
        KafkaClusters.of(List.of()),
        KafkaProbeOptions.defaults(),
        // The probes of these tests span seconds, not the production windows of the defaults.
        LagRules.defaults()
            .withMinStallWindow(Duration.ofSeconds(1))
            .withMinGrowthWindow(Duration.ofMillis(200)),
        LagHistory.defaults(),
        Clock.systemUTC());
  }

  /** A profile per test, so each test's lag window holds only its own probes. */
  private static KafkaCluster cluster(String name) {
    return new KafkaCluster("it-" + name, broker.bootstrap(), Map.of());
  }

  private static Finding only(ToolReport report, String code) {
    assertThat(report.status())
        .as("status of %s: %s", report.tool(), report.error())
        .isEqualTo(ToolReport.Status.OK);
    List<Finding> found = report.findings().stream().filter(f -> f.code().equals(code)).toList();
    assertThat(found).as("findings %s in %s", code, Json.compact(report.findings())).hasSize(1);
    return found.get(0);
  }

  private static Finding find(ToolReport report, String code, String group) {
    return report.findings().stream()
        .filter(f -> f.code().equals(code) && group.equals(f.evidence().get("group")))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "no " + code + " for " + group + " in " + Json.compact(report.findings())));
  }

  private static List<String> codes(ToolReport report, String group) {
    assertThat(report.status()).as("status: %s", report.error()).isEqualTo(ToolReport.Status.OK);
    return report.findings().stream()
        .filter(f -> group.equals(f.evidence().get("group")))
        .map(Finding::code)
        .toList();
  }

  private static void record(String name, KafkaTools tools, KafkaCluster c) throws IOException {
    String dir = System.getProperty("lakeops.kafka.record");
    if (dir == null || dir.isBlank()) {
      return;
    }
    Files.createDirectories(Path.of(dir));
    Files.writeString(
        Path.of(dir, name + ".json"),
        Json.mapper()
                .writerWithDefaultPrettyPrinter()
                .writeValueAsString(tools.history().window(c.name()))
            + "\n");
  }
}
