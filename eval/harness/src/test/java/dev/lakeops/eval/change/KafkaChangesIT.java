package dev.lakeops.eval.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.eval.sandbox.FreePorts;
import dev.lakeops.eval.sandbox.KafkaSandbox;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.ChangeHistory;
import dev.lakeops.tools.change.ChangeSources;
import dev.lakeops.tools.change.ChangeTargets;
import dev.lakeops.tools.change.ChangeText;
import dev.lakeops.tools.change.ChangeTools;
import dev.lakeops.tools.change.ChangeWindow;
import dev.lakeops.tools.change.KafkaChangeProbe;
import dev.lakeops.tools.change.KafkaChangeSnapshot;
import dev.lakeops.tools.change.TableChangeProbe;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.table.TableLocator;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change probe against a real KRaft broker (one for every case, each on its own topic and
 * group): partitions added between two calls and without an earlier call, a topic config change, a
 * rebalance and a rewind between calls, no change, an unknown topic, an unreachable broker, and one
 * call over Kafka and a lake table written under a new commit user. {@code
 * -Dlakeops.change.record=DIR} writes the captures as fixtures.
 */
class KafkaChangesIT {

  private static final Duration HOUR = Duration.ofMinutes(60);
  @TempDir static Path workDir;
  private static KafkaSandbox broker;
  private static Admin admin;
  private static KafkaCluster cluster;

  @BeforeAll
  static void startBroker() {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    int[] ports = FreePorts.take(2);
    broker = KafkaSandbox.start(home, workDir.resolve("kafka"), ports[0], ports[1]);
    Properties props = new Properties();
    props.put("bootstrap.servers", broker.bootstrap());
    admin = Admin.create(props);
    cluster = new KafkaCluster("lake", broker.bootstrap(), Map.of());
  }

  @AfterAll
  static void stopBroker() {
    long pid = broker == null ? -1 : broker.pid();
    if (admin != null) {
      admin.close(Duration.ofSeconds(5));
    }
    if (broker != null) {
      broker.close();
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
  }

  @Test
  void callsPartitionsAddedBetweenTwoCallsAChangeTimedByTheFirstRecordOfTheNewPartitions()
      throws Exception {
    createTopic("orders-cdc", 3);
    produceKeyed("orders-cdc", 60, -1);
    commit("orders-writer", "orders-cdc", 0, 5);
    ChangeTools tools = tools();
    ChangeTargets targets = ChangeTargets.of(null, null, "orders-cdc", "orders-writer");
    tools.recent(targets, ChangeWindow.beforeAlert(Instant.now(), HOUR));
    List<KafkaChangeSnapshot> captures =
        new ArrayList<>(List.of(capture("orders-cdc", "orders-writer")));
    Instant firstCall = Instant.now();
    admin
        .createPartitions(Map.of("orders-cdc", NewPartitions.increaseTo(5)))
        .all()
        .get(30, TimeUnit.SECONDS);
    produceKeyed("orders-cdc", 60, -1);
    Instant alertAt = Instant.now();

    long t0 = System.nanoTime();
    ToolReport report = tools.recent(targets, ChangeWindow.beforeAlert(alertAt, HOUR));
    long millis = (System.nanoTime() - t0) / 1_000_000;
    captures.add(capture("orders-cdc", "orders-writer"));
    ChangeRecordings.write("kafka/partitions-added.json", captures);

    Finding added = only(report, "change.kafka.partitions-added");
    assertThat(added.severity()).isEqualTo(Severity.WARN);
    assertThat(added.evidence())
        .containsEntry("before", "3")
        .containsEntry("after", "5")
        .containsEntry("addedPartitions", "3, 4")
        .containsEntry("keyedRecords", "true")
        .containsEntry("readBy", "orders-writer")
        .containsEntry("timedBy", "first record of the new partitions")
        .containsEntry("minutesBeforeAlert", "0");
    Instant at = Instant.parse(added.evidence().get("at"));
    assertThat(at)
        .isAfter(Instant.parse(added.evidence().get("notBefore")))
        .isBeforeOrEqualTo(alertAt);
    assertThat(Instant.parse(added.evidence().get("notBefore"))).isBefore(firstCall.plusMillis(1));
    assertThat(added.evidence()).containsEntry("minutesBeforeAlertAtMost", "0");
    assertThat(ChangeText.line(report))
        .isEqualTo(
            "changed at most 1 minute before the alert: topic orders-cdc partitions added (3 → 5)");
    System.out.println(
        "changes.recent after partitions were added: "
            + millis
            + " ms; "
            + ChangeText.line(report));
  }

  @Test
  void infersPartitionsAddedWithoutAnEarlierCallFromTheirFirstRecords() throws Exception {
    createTopic("payments-cdc", 2);
    long threeHoursAgo = System.currentTimeMillis() - Duration.ofHours(3).toMillis();
    produceAt("payments-cdc", 0, threeHoursAgo);
    produceAt("payments-cdc", 1, threeHoursAgo);
    admin
        .createPartitions(Map.of("payments-cdc", NewPartitions.increaseTo(3)))
        .all()
        .get(30, TimeUnit.SECONDS);
    produceKeyed("payments-cdc", 10, 2);

    ToolReport report =
        tools()
            .recent(
                ChangeTargets.of(null, null, "payments-cdc", null),
                ChangeWindow.beforeAlert(Instant.now(), HOUR));
    ChangeRecordings.write(
        "kafka/partitions-added-no-history.json", List.of(capture("payments-cdc", null)));

    Finding added = only(report, "change.kafka.partitions-added");
    assertThat(added.evidence())
        .containsEntry("before", "2")
        .containsEntry("after", "3")
        .containsEntry("addedPartitions", "2")
        .containsEntry("atIsUpperBound", "true")
        .doesNotContainKey("notBefore");
  }

  @Test
  void callsAConfigChangeARebalanceAndARewindBetweenCallsChanges() throws Exception {
    createTopic("events", 2);
    produceKeyed("events", 100, -1);
    ChangeTools tools = tools();
    ChangeTargets targets = ChangeTargets.of(null, null, "events", "events-reader");
    List<KafkaChangeSnapshot> captures = new ArrayList<>();
    try (KafkaConsumer<String, String> a = member("events-reader", "events")) {
      awaitAssigned(a, 2);
      a.commitSync(
          Map.of(
              new TopicPartition("events", 0),
              new OffsetAndMetadata(40),
              new TopicPartition("events", 1),
              new OffsetAndMetadata(40)));
      tools.recent(targets, ChangeWindow.beforeAlert(Instant.now(), HOUR));
      captures.add(capture("events", "events-reader"));
      admin
          .incrementalAlterConfigs(
              Map.of(
                  new ConfigResource(ConfigResource.Type.TOPIC, "events"),
                  List.of(
                      new AlterConfigOp(
                          new ConfigEntry("retention.ms", "3600000"), AlterConfigOp.OpType.SET))))
          .all()
          .get(30, TimeUnit.SECONDS);
      try (KafkaConsumer<String, String> b = member("events-reader", "events")) {
        awaitAssigned(b, 1);
        a.poll(Duration.ofMillis(200));
        ToolReport rebalanced =
            tools.recent(targets, ChangeWindow.beforeAlert(Instant.now(), HOUR));
        captures.add(capture("events", "events-reader"));

        assertThat(codes(rebalanced))
            .as(Json.compact(rebalanced))
            .contains("change.kafka.topic-config", "change.kafka.group-members");
        assertThat(
                only(rebalanced, "change.kafka.topic-config")
                    .evidence()
                    .get("config[retention.ms]"))
            .endsWith(" → 3600000");
        assertThat(only(rebalanced, "change.kafka.group-members").evidence())
            .containsEntry("before", "1 members")
            .containsEntry("after", "2 members")
            .containsKey("joined");
      }
    }
    admin
        .alterConsumerGroupOffsets(
            "events-reader", Map.of(new TopicPartition("events", 0), new OffsetAndMetadata(0)))
        .all()
        .get(30, TimeUnit.SECONDS);

    ToolReport rewound = tools.recent(targets, ChangeWindow.beforeAlert(Instant.now(), HOUR));
    captures.add(capture("events", "events-reader"));
    ChangeRecordings.write("kafka/config-rebalance-rewind.json", captures);

    Finding rewind = only(rewound, "change.kafka.offsets-rewound");
    assertThat(rewind.severity()).isEqualTo(Severity.WARN);
    assertThat(rewind.evidence())
        .containsEntry("partition[events-0]", "40 → 0")
        .containsEntry("recordsToReadAgain", "40");
    assertThat(codes(rewound)).contains("change.kafka.group-members");
  }

  @Test
  void reportsNoChangeBetweenTwoCallsOnAQuietTopic() throws Exception {
    createTopic("quiet", 1);
    produceAt("quiet", 0, System.currentTimeMillis() - Duration.ofHours(2).toMillis());
    ChangeTools tools = tools();
    ChangeTargets targets = ChangeTargets.of(null, null, "quiet", null);
    tools.recent(targets, ChangeWindow.beforeAlert(Instant.now(), HOUR));
    List<KafkaChangeSnapshot> captures = new ArrayList<>(List.of(capture("quiet", null)));

    ToolReport report = tools.recent(targets, ChangeWindow.beforeAlert(Instant.now(), HOUR));
    captures.add(capture("quiet", null));
    ChangeRecordings.write("kafka/no-change.json", captures);

    assertThat(codes(report)).as(Json.compact(report)).containsExactly("change.none");
    assertThat(ChangeText.line(report))
        .isEqualTo("nothing changed in the 60 minutes before the alert (kafka topic quiet)");
  }

  @Test
  void answersNoDataNamingTheTopicsThereForAnUnknownTopic() {
    ToolReport report =
        tools()
            .recent(
                ChangeTargets.of(null, null, "no-such-topic", null),
                ChangeWindow.beforeAlert(Instant.now(), HOUR));

    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error())
        .contains("no topic 'no-such-topic'", broker.bootstrap(), "describeTopics(no-such-topic)");
  }

  @Test
  void answersAnErrorNamingTheBootstrapServersForAnUnreachableBroker() {
    KafkaCluster gone = new KafkaCluster("gone", "127.0.0.1:" + FreePorts.take(1)[0], Map.of());
    ChangeTools tools =
        new ChangeTools(
            sources(KafkaClusters.of(List.of(gone))),
            KafkaProbeOptions.defaults().withTimeout(Duration.ofSeconds(2)),
            ChangeHistory.defaults(),
            Clock.systemUTC());

    ToolReport report =
        tools.recent(
            ChangeTargets.of(null, null, "orders", null),
            ChangeWindow.beforeAlert(Instant.now(), HOUR));

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error())
        .startsWith("UNREACHABLE: ")
        .contains(gone.bootstrapServers(), "describeCluster");
  }

  @Test
  void answersOneCallOverKafkaAndATableWrittenUnderANewCommitUser() throws Exception {
    createTopic("refunds-cdc", 1);
    produceAt("refunds-cdc", 0, System.currentTimeMillis() - Duration.ofHours(2).toMillis());
    Table table = refunds();
    commit(table, "refunds-writer-a", 1, 1, 10);
    commit(table, "refunds-writer-a", 2, 11, 20);
    commit(table, "refunds-writer-b", 1, 11, 20);
    Instant alertAt = Instant.now();

    ToolReport report =
        tools()
            .recent(
                ChangeTargets.of(null, "lake.refunds", "refunds-cdc", null),
                ChangeWindow.beforeAlert(alertAt, HOUR));
    ChangeRecordings.write(
        "table/new-commit-user.json",
        List.of(
            new TableChangeProbe(Clock.systemUTC())
                .capture(table, "lake.refunds", alertAt.minus(HOUR))));

    assertThat(report.findings())
        .filteredOn(f -> f.code().equals("change.table.new-commit-user"))
        .extracting(Finding::severity)
        .as("the table's first streaming writer, then the one that restarted without state")
        .containsExactly(Severity.WARN, Severity.INFO);
    Finding user =
        report.findings().stream()
            .filter(f -> f.code().equals("change.table.new-commit-user"))
            .findFirst()
            .orElseThrow();
    assertThat(user.evidence())
        .containsEntry("snapshotId", "3")
        .containsEntry("before", "refunds-writer-a")
        .containsEntry("after", "refunds-writer-b")
        .containsEntry("identifiersRestarted", "true")
        .containsEntry("minutesBeforeAlert", "0")
        .containsEntry(
            "at",
            Instant.ofEpochMilli(table.snapshotStore().findSnapshot(3).orElseThrow().timeMillis())
                .toString());
    assertThat(report.findings().get(report.findings().size() - 1).code())
        .isNotEqualTo("change.unavailable");
    assertThat(ChangeText.line(report))
        .startsWith(
            "changed less than a minute before the alert: table lake.refunds new commit user "
                + "refunds-writer-b at snapshot 3");
  }

  private static ChangeTools tools() {
    return new ChangeTools(
        sources(KafkaClusters.of(List.of(cluster))),
        KafkaProbeOptions.defaults(),
        ChangeHistory.defaults(),
        Clock.systemUTC());
  }

  private static ChangeSources sources(KafkaClusters kafka) {
    FlinkClusters none =
        FlinkClusters.single(
            new FlinkTools(
                new FlinkJobProbe(new FlinkRestClient("http://127.0.0.1:9", Duration.ofSeconds(1))),
                new BackpressureAnalyzer()));
    return new ChangeSources(none, kafka, TableLocator.local(workDir.resolve("warehouse")));
  }

  private static KafkaChangeSnapshot capture(String topic, String group) {
    return new KafkaChangeProbe(cluster, KafkaProbeOptions.defaults(), Clock.systemUTC())
        .capture(topic, group);
  }

  private static Table refunds() {
    Catalog catalog = Catalog.local(workDir.resolve("warehouse"));
    catalog.createDatabaseIfNotExists("lake");
    return catalog.createTable(
        Identifier.of("lake", "refunds"),
        TableDefinition.builder()
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.of(TypeRoot.INT))
            .primaryKey("id")
            .option("bucket", "1")
            .option("file.format", "avro")
            .build());
  }

  /** A streaming commit (identifier = checkpoint id) of rows from..to as {@code user}. */
  private static void commit(Table table, String user, long identifier, long from, long to) {
    try (TableWrite write = table.newWrite(user)) {
      for (long id = from; id <= to; id++) {
        write.write(Row.of(id, (int) id));
      }
      table.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  private static void createTopic(String topic, int partitions) throws Exception {
    admin
        .createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
        .all()
        .get(30, TimeUnit.SECONDS);
  }

  /**
   * {@code count} keyed records (30 keys), to {@code partition} or, when -1, partitioned by key.
   */
  private static void produceKeyed(String topic, int count, int partition) {
    try (KafkaProducer<String, String> producer = producer()) {
      for (int i = 0; i < count; i++) {
        producer.send(
            partition < 0
                ? new ProducerRecord<>(topic, "key-" + (i % 30), "v" + i)
                : new ProducerRecord<>(topic, partition, "key-" + i, "v" + i));
      }
      producer.flush();
    }
  }

  private static void produceAt(String topic, int partition, long timestamp) {
    try (KafkaProducer<String, String> producer = producer()) {
      for (int i = 0; i < 10; i++) {
        producer.send(new ProducerRecord<>(topic, partition, timestamp + i, "key-" + i, "v" + i));
      }
      producer.flush();
    }
  }

  private static KafkaProducer<String, String> producer() {
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    return new KafkaProducer<>(config);
  }

  private static KafkaConsumer<String, String> member(String group, String topic) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
    config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    config.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config);
    consumer.subscribe(List.of(topic));
    return consumer;
  }

  private static void awaitAssigned(KafkaConsumer<String, String> consumer, int partitions) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (consumer.assignment().size() != partitions && System.nanoTime() < deadline) {
      consumer.poll(Duration.ofMillis(100));
    }
    assertThat(consumer.assignment()).hasSize(partitions);
    consumer.poll(Duration.ofMillis(100));
  }

  private static void commit(String group, String topic, int partition, long offset) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
    config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
      consumer.commitSync(
          Map.of(new TopicPartition(topic, partition), new OffsetAndMetadata(offset)));
    }
  }

  private static List<String> codes(ToolReport report) {
    return report.findings().stream().map(Finding::code).toList();
  }

  private static Finding only(ToolReport report, String code) {
    List<Finding> found = report.findings().stream().filter(f -> f.code().equals(code)).toList();
    assertThat(found).as(code + " in " + Json.compact(report)).hasSize(1);
    return found.get(0);
  }
}
