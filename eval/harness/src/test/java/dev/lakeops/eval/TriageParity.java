package dev.lakeops.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.LakeopsCli;
import dev.lakeops.eval.sandbox.DemoLakeTable;
import dev.lakeops.eval.sandbox.Directories;
import dev.lakeops.eval.sandbox.Sandbox;
import dev.lakeops.runbooks.load.RunbookLoader;
import dev.lakeops.tools.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;

/**
 * What {@link AlertToTriageIT} needs to fire each runbook's alert at {@code lakeops serve} and at
 * {@code ./lakeops triage} with one configuration: a warehouse with a replayed table, a binlog
 * directory with a damaged file, a topic that is no longer written to, the alerts, and the
 * comparison of the two verdicts.
 */
final class TriageParity {

  /** A topic written once, with a group that has read all of it: its counts stay put. */
  static final String STATIC_TOPIC = "payments-static";

  static final String STATIC_GROUP = "payments-sink";
  static final int STATIC_RECORDS = 100;
  static final String BINLOG_FILE = "mysql-bin.000002";

  private TriageParity() {}

  /** One alert: the runbook it must reach and the category the sandbox's state calls for. */
  record Case(
      String name,
      String runbook,
      Map<String, String> labels,
      String summary,
      @Nullable String expression,
      String category) {}

  /** A fresh warehouse holding {@code lake.payments}, written twice by a restarted writer. */
  static Path warehouse(Path dir) {
    Directories.deleteRecursively(dir);
    DemoLakeTable.createWithDuplicateWrite(dir);
    return dir;
  }

  /** A recorded MariaDB binlog with one byte of an event in its middle flipped. */
  static Path binlogDirectory(Path home, Path dir) {
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve(BINLOG_FILE);
      Files.copy(
          home.resolve("tools/src/test/resources/binlog/mariadb-10.11-crc32.000002"),
          file,
          StandardCopyOption.REPLACE_EXISTING);
      byte[] bytes = Files.readAllBytes(file);
      bytes[bytes.length / 2] ^= 0x5a;
      Files.write(file, bytes);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@link #STATIC_TOPIC} with {@link #STATIC_RECORDS} records, all read by {@link #STATIC_GROUP}.
   */
  static void writeStaticTopic(String bootstrap) {
    Properties admin = new Properties();
    admin.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    try (Admin a = Admin.create(admin)) {
      a.createTopics(List.of(new NewTopic(STATIC_TOPIC, 1, (short) 1))).all().get();
      Properties producer = new Properties();
      producer.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
      producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
      producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
      try (KafkaProducer<String, String> p = new KafkaProducer<>(producer)) {
        for (int i = 0; i < STATIC_RECORDS; i++) {
          p.send(new ProducerRecord<>(STATIC_TOPIC, "payment-" + i, "{\"cents\":" + i + "}"));
        }
        p.flush();
      }
      a.alterConsumerGroupOffsets(
              STATIC_GROUP,
              Map.of(new TopicPartition(STATIC_TOPIC, 0), new OffsetAndMetadata(STATIC_RECORDS)))
          .all()
          .get();
    } catch (ExecutionException e) {
      throw new AssertionError("could not write " + STATIC_TOPIC, e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** The configuration both front doors get, as the agent's {@code -D} options. */
  static List<String> agentOptions(
      String flinkRestUrl, String kafkaBootstrap, Path warehouse, Path binlogs) {
    List<String> options = new ArrayList<>();
    properties(flinkRestUrl, kafkaBootstrap, warehouse, binlogs)
        .forEach((k, v) -> options.add("-D" + k + "=" + v));
    return options;
  }

  private static Map<String, String> properties(
      String flinkRestUrl, String kafkaBootstrap, Path warehouse, Path binlogs) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("lakeops.flink.rest-url", flinkRestUrl);
    p.put("lakeops.kafka.clusters.default.bootstrap-servers", kafkaBootstrap);
    p.put("lakeops.tables.warehouse", warehouse.toString());
    p.put("lakeops.binlog.dir", binlogs.toString());
    return p;
  }

  /**
   * Each runbook's alert as other teams' rule sets write it: the names and labels of Flink's
   * Prometheus reporter (job names in its label form, {@code orders_to_lake}), kafka-exporter,
   * kminion, Paimon metrics, Chinese summaries, the rule's expression in {@code generatorURL}.
   */
  static List<Case> cases(Sandbox sandbox, Path binlogs) {
    String job = sandbox.jobName().replaceAll("[^a-zA-Z0-9:_]", "_");
    String table = DemoLakeTable.name();
    List<Case> cases = new ArrayList<>();
    cases.add(
        new Case(
            "reporter backpressure",
            "flink-backpressure",
            Map.of("alertname", "FlinkTaskBackPressureHigh", "job_name", job, "severity", "warn"),
            "Task of " + job + " is back pressured",
            "max by (job_name, task_name)"
                + " (flink_taskmanager_job_task_backPressuredTimeMsPerSecond) > 500",
            "NO_FAULT"));
    cases.add(
        new Case(
            "restarts by job id",
            "flink-restart-loop",
            Map.of("alertname", "FlinkJobRestarts", "job_id", sandbox.jobId()),
            "Flink job restarted more than twice in 5 minutes",
            "increase(flink_jobmanager_job_numRestarts[5m]) > 2",
            "NO_FAULT"));
    cases.add(
        new Case(
            "failed checkpoints, Chinese",
            "flink-checkpoint-failures",
            Map.of("alertname", "检查点失败", "job_name", job),
            "作业 checkpoint 连续失败",
            "increase(flink_jobmanager_job_numberOfFailedCheckpoints[10m]) > 0",
            "NO_FAULT"));
    cases.add(
        new Case(
            "pending records",
            "flink-delay",
            Map.of("alertname", "SourceRecordsPendingHigh", "job_name", job),
            "The Kafka source of the job falls behind",
            "sum by (job_name) (flink_taskmanager_job_task_operator_pendingRecords) > 1000000",
            "NO_FAULT"));
    cases.add(
        new Case(
            "kafka-exporter lag",
            "kafka-lag",
            Map.of("alertname", "KafkaConsumersGroupLag", "consumergroup", "orders-to-lake"),
            "Kafka consumers group lag is high",
            "sum(kafka_consumergroup_lag) by (consumergroup) > 1000000",
            "NO_FAULT"));
    cases.add(
        new Case(
            "kminion offsets out of retention",
            "kafka-loss",
            Map.of(
                "alertname",
                "ConsumerGroupOffsetOutOfRetention",
                "group_id",
                STATIC_GROUP,
                "topic_name",
                STATIC_TOPIC),
            "committed offset is below the log start offset: records were deleted unread",
            null,
            "NO_FAULT"));
    cases.add(
        new Case(
            "more rows in the sink than records",
            "kafka-duplicates",
            Map.of(
                "alertname",
                "SinkDuplicateRecords",
                "consumergroup",
                STATIC_GROUP,
                "topic",
                STATIC_TOPIC,
                "sink_count",
                Integer.toString(STATIC_RECORDS + 20)),
            "the sink received duplicate records from the topic",
            null,
            "DUPLICATES"));
    cases.add(
        new Case(
            "counts differ, Chinese",
            "kafka-count-mismatch",
            Map.of(
                "alertname",
                "对账不一致",
                "topic",
                STATIC_TOPIC,
                "sink_count",
                Integer.toString(STATIC_RECORDS - 30)),
            "下游表行数与 topic 对不上",
            null,
            "DATA_LOSS"));
    cases.add(
        new Case(
            "duplicate primary keys",
            "table-duplicates-after-failover",
            Map.of(
                "alertname",
                "PaimonDuplicatePrimaryKeys",
                "table",
                table,
                "keys",
                DemoLakeTable.KEY),
            "duplicate rows after the writer failed over",
            null,
            "DUPLICATES"));
    cases.add(
        new Case(
            "bad write, roll back",
            "table-snapshot-rollback",
            Map.of("alertname", "LakeTableBadCommit", "table", table, "keys", DemoLakeTable.KEY),
            "a bad commit wrote wrong data; revert the table to an earlier snapshot",
            null,
            "DUPLICATES"));
    cases.add(
        new Case(
            "small files",
            "table-small-files",
            Map.of("alertname", "PaimonTooManySmallFiles", "table", table),
            "too many small files in the table's buckets",
            null,
            "SMALL_FILES"));
    // A skew alert as a Paimon metrics rule names it: the table has no skew, but the layout
    // runbook finds what is wrong with its layout, the small files of every commit.
    cases.add(
        new Case(
            "bucket skew",
            "table-layout",
            Map.of("alertname", "PaimonBucketSkew", "table", table),
            "one bucket of the table holds most of its rows (数据倾斜)",
            null,
            "SMALL_FILES"));
    cases.add(
        new Case(
            "binlog checksum",
            "cdc-binlog-corruption",
            Map.of(
                "alertname",
                "MySqlBinlogChecksumError",
                "binlog_path",
                binlogs.resolve(BINLOG_FILE).toString()),
            "CDC source failed: binlog event checksum mismatch",
            null,
            "BINLOG_CORRUPTION"));
    // A Kafka Connect exporter's alert names only the connector; this lakeops has no Connect
    // worker configured, so both front doors say which key to set, alike.
    cases.add(
        new Case(
            "connector task failed, no worker configured",
            "cdc-connector-failed",
            Map.of("alertname", "KafkaConnectTaskFailed", "connector", "orders-cdc", "task", "0"),
            "Kafka Connect task orders-cdc/0 is FAILED",
            null,
            "PROBE_FAILED"));
    return cases;
  }

  /** Every runbook lakeops ships. */
  static Set<String> shippedRunbooks() {
    Set<String> ids = new java.util.TreeSet<>();
    RunbookLoader.lakeops().loadShipped().forEach(g -> ids.add(g.name()));
    return ids;
  }

  /**
   * {@code ./lakeops triage --alert FILE --json} in this JVM with the agent's configuration (the
   * same clusters, warehouse and binlog directory); the report of the payload's one alert.
   */
  static JsonNode cli(Sandbox sandbox, Path warehouse, Path dir, String payload) {
    try {
      Files.createDirectories(dir);
      Path file = Files.createTempFile(dir, "alert", ".json");
      Files.writeString(file, payload, StandardCharsets.UTF_8);
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      int exit =
          LakeopsCli.commandLine()
              .setOut(new PrintWriter(out))
              .setErr(new PrintWriter(err))
              .execute(
                  "triage",
                  "--alert",
                  file.toString(),
                  "--rest",
                  sandbox.flinkRestUrl(),
                  "--bootstrap",
                  sandbox.kafkaBootstrap(),
                  "--warehouse",
                  warehouse.toString(),
                  "--json");
      assertThat(exit).as("lakeops triage exit; stderr: %s", err).isZero();
      JsonNode reports = Json.mapper().readTree(out.toString());
      assertThat(reports.isArray() && reports.size() == 1).as("one report in %s", out).isTrue();
      return reports.get(0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * What is wrong with this case, if anything: the runbook or category differs between the two, is
   * not the one the case calls for, or the entities named differ.
   */
  static Optional<String> compare(Case c, JsonNode served, JsonNode viaCli) {
    List<String> wrong = new ArrayList<>();
    String runbook = served.path("runbook").asText();
    String category = served.path("verdict").path("category").asText();
    if (!runbook.equals(viaCli.path("runbook").asText())) {
      wrong.add("runbook serve=" + runbook + " triage=" + viaCli.path("runbook").asText());
    }
    if (!runbook.equals(c.runbook())) {
      wrong.add("runbook " + runbook + ", expected " + c.runbook());
    }
    if (!category.equals(viaCli.path("verdict").path("category").asText())) {
      wrong.add(
          "category serve="
              + category
              + " triage="
              + viaCli.path("verdict").path("category").asText());
    }
    if (!category.equals(c.category())) {
      wrong.add("category " + category + ", expected " + c.category());
    }
    Map<String, String> servedEntities = entities(served);
    Map<String, String> cliEntities = entities(viaCli);
    if (!servedEntities.keySet().equals(cliEntities.keySet())) {
      wrong.add("entities serve=" + servedEntities.keySet() + " triage=" + cliEntities.keySet());
    }
    for (String name : List.of("job", "group", "topic", "table", "path", "file")) {
      if (!Objects.equals(servedEntities.get(name), cliEntities.get(name))) {
        wrong.add(name + " serve=" + servedEntities.get(name) + " triage=" + cliEntities.get(name));
      }
    }
    return wrong.isEmpty()
        ? Optional.empty()
        : Optional.of(
            c.name()
                + ": "
                + String.join("; ", wrong)
                + " (serve: "
                + served.path("verdict").path("headline").asText()
                + ")");
  }

  private static Map<String, String> entities(JsonNode report) {
    Map<String, String> m = new TreeMap<>();
    Iterator<Map.Entry<String, JsonNode>> it = report.path("verdict").path("entities").fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      m.put(e.getKey(), e.getValue().asText());
    }
    return m;
  }
}
