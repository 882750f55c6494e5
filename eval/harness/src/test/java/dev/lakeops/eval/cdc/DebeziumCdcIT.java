package dev.lakeops.eval.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.eval.sandbox.BinlogDamage;
import dev.lakeops.eval.sandbox.DebeziumMariaDbConnector;
import dev.lakeops.eval.sandbox.FreePorts;
import dev.lakeops.eval.sandbox.KafkaConnectWorker;
import dev.lakeops.eval.sandbox.KafkaSandbox;
import dev.lakeops.eval.sandbox.MariaDbServer;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.action.Action;
import dev.lakeops.runbooks.action.ActionArgs;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.ActionOutcome;
import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.ConfiguredTargets;
import dev.lakeops.runbooks.action.ExecutionContext;
import dev.lakeops.runbooks.action.Verification;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.setup.TriageTools;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.classify.CdcErrorCategory;
import dev.lakeops.tools.binlog.classify.CdcErrorClassifier;
import dev.lakeops.tools.cdc.CdcTools;
import dev.lakeops.tools.cdc.ConnectAnalyzer;
import dev.lakeops.tools.cdc.ConnectProbe;
import dev.lakeops.tools.cdc.ConnectSnapshot;
import dev.lakeops.tools.cdc.DebeziumMetricsAnalyzer;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox's CDC hop, real: a private MariaDB, a KRaft broker and a distributed Kafka Connect
 * worker running the Debezium MariaDB connector (its JVM with a JMX agent, for Debezium's metrics),
 * one of each for the whole class. Tests run in order on the same connector: the stream first, then
 * what the probe reads of it, then a dropped connection, then a damaged event.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DebeziumCdcIT {

  static final String PREFIX = "sandbox";
  static final String DATABASE = "shop";
  static final String TOPIC = PREFIX + "." + DATABASE + ".orders";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path workDir;
  static MariaDbServer db;
  static KafkaSandbox broker;
  static KafkaConnectWorker worker;
  static DebeziumMariaDbConnector connector;
  private static KafkaConsumer<String, String> consumer;
  private static final List<ConsumerRecord<String, String>> seen = new ArrayList<>();

  @BeforeAll
  static void startServers() throws Exception {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    int[] ports = FreePorts.take(5);
    Path dbDir =
        Files.createTempDirectory(Files.createDirectories(Path.of("target", "mariadb")), "cdc-");
    db = MariaDbServer.start(dbDir, ports[0]);
    db.execute(
        "CREATE DATABASE " + DATABASE,
        "CREATE TABLE " + DATABASE + ".orders (id INT PRIMARY KEY, item VARCHAR(32), qty INT)",
        "INSERT INTO " + DATABASE + ".orders VALUES (0, 'seed', 1)",
        // Debezium's signal table: test 3 asks an incremental snapshot through it, and the
        // connector's user writes the snapshot's watermarks to it
        "CREATE TABLE "
            + DATABASE
            + ".debezium_signal (id VARCHAR(42) PRIMARY KEY, type VARCHAR(32) NOT NULL,"
            + " data VARCHAR(2048) NULL)",
        "GRANT INSERT, UPDATE, DELETE ON "
            + DATABASE
            + ".debezium_signal TO '"
            + MariaDbServer.CDC_USER
            + "'@'%'");
    broker = KafkaSandbox.start(home, workDir, ports[1], ports[2]);
    worker =
        KafkaConnectWorker.start(home, workDir, broker.bootstrap(), ports[3], "cdc-it", ports[4]);
    connector =
        DebeziumMariaDbConnector.register(
            worker,
            "orders-cdc",
            new DebeziumMariaDbConnector.Settings(
                db,
                broker.bootstrap(),
                PREFIX,
                DATABASE,
                5401,
                Map.of(
                    // the binlog client reconnects at its keep-alive check: not within test 4
                    "connect.keep.alive.interval.ms",
                    "600000",
                    "signal.data.collection",
                    DATABASE + ".debezium_signal",
                    // small chunks, so that the snapshot of test 3 runs long enough to be seen
                    "incremental.snapshot.chunk.size",
                    "50")));
  }

  @AfterAll
  static void stopServers() {
    List<Long> pids = new ArrayList<>();
    if (consumer != null) {
      consumer.close(Duration.ofSeconds(2));
    }
    if (worker != null) {
      pids.add(worker.pid());
      worker.close();
    }
    if (broker != null) {
      pids.add(broker.pid());
      broker.close();
    }
    if (db != null) {
      pids.add(db.pid());
      db.close();
      dev.lakeops.eval.sandbox.Directories.deleteRecursively(db.dir());
    }
    for (long pid : pids) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
          .as("pid %s", pid)
          .isFalse();
    }
  }

  @Test
  @Order(1)
  void insertsUpdatesAndDeletesArriveAsDebeziumChangeEvents() throws Exception {
    // The task is RUNNING before its snapshot ends: writes wait for the snapshot's one row, so
    // they come from the binlog.
    JsonNode seed = JSON.readTree(readChanges(1).get(0).value());
    assertThat(seed.path("op").asText()).isEqualTo("r");
    assertThat(seed.path("after").path("item").asText()).isEqualTo("seed");

    db.execute(
        "INSERT INTO shop.orders VALUES (1, 'apple', 3), (2, 'pear', 5)",
        "INSERT INTO shop.orders VALUES (3, 'plum', 7)",
        "UPDATE shop.orders SET qty = 4 WHERE id = 1",
        "DELETE FROM shop.orders WHERE id = 2");

    // 3 creates, 1 update, 1 delete and the delete's tombstone (a null value).
    List<ConsumerRecord<String, String>> records = readChanges(6);

    List<JsonNode> values = new ArrayList<>();
    for (ConsumerRecord<String, String> r : records) {
      values.add(r.value() == null ? null : JSON.readTree(r.value()));
    }
    assertThat(values.subList(0, 5))
        .extracting(v -> v.path("op").asText())
        .containsExactly("c", "c", "c", "u", "d");
    assertThat(values.get(0).path("before").isNull()).isTrue();
    assertThat(values.get(0).path("after"))
        .isEqualTo(JSON.readTree("{\"id\":1,\"item\":\"apple\",\"qty\":3}"));
    assertThat(values.get(2).path("after"))
        .isEqualTo(JSON.readTree("{\"id\":3,\"item\":\"plum\",\"qty\":7}"));
    assertThat(values.get(3).path("before").path("qty").asInt()).isEqualTo(3);
    assertThat(values.get(3).path("after"))
        .isEqualTo(JSON.readTree("{\"id\":1,\"item\":\"apple\",\"qty\":4}"));
    assertThat(values.get(4).path("before"))
        .isEqualTo(JSON.readTree("{\"id\":2,\"item\":\"pear\",\"qty\":5}"));
    assertThat(values.get(4).path("after").isNull()).isTrue();
    assertThat(values.get(5)).as("tombstone after the delete").isNull();
    assertThat(records.get(5).key()).isEqualTo("{\"id\":2}");
    JsonNode source = values.get(4).path("source");
    assertThat(source.path("connector").asText()).isEqualTo("mariadb");
    assertThat(source.path("db").asText()).isEqualTo(DATABASE);
    assertThat(source.path("table").asText()).isEqualTo("orders");
    assertThat(source.path("file").asText()).startsWith(MariaDbServer.BINLOG_BASE + ".");
    assertThat(source.path("pos").asLong()).isPositive();
  }

  @Test
  @Order(2)
  void probeSeesTheRunningConnectorAndItsBinlogOffsetAfterTheWrites() throws Exception {
    CdcProbeSteps.MasterStatus master = CdcProbeSteps.masterStatus(db);
    List<BinlogDamage.Event> events = BinlogDamage.events(db, master.file());
    BinlogDamage.Event lastGtid =
        events.stream().filter(e -> e.type().equals("Gtid")).reduce((a, b) -> b).orElseThrow();

    // The worker flushes offsets every second; wait until the last transaction's is committed.
    Finding offset = null;
    ToolReport report = null;
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (System.nanoTime() < deadline) {
      report = tools().status(worker.url(), connector.name());
      offset = only(report, ConnectAnalyzer.OFFSET);
      if (offset != null
          && offset.evidence().get("binlogPosition").equals(Long.toString(lastGtid.pos()))) {
        break;
      }
      Thread.sleep(250);
    }
    CdcProbeSteps.record("running", probe().capture(connector.name()));

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    Finding running = only(report, ConnectAnalyzer.RUNNING);
    assertThat(running).as("findings: %s", report.findings()).isNotNull();
    assertThat(running.severity()).isEqualTo(Severity.OK);
    assertThat(running.evidence())
        .containsEntry("connectorClass", DebeziumMariaDbConnector.CONNECTOR_CLASS)
        .containsEntry("tasks", "[0=RUNNING]");
    assertThat(offset).as("findings: %s; events: %s", report.findings(), events).isNotNull();

    // Debezium's own metrics from the worker's JVM agent: connected, at the server's binlog file,
    // having read the writes of test 1
    ToolReport withJmx = tools().status(worker.url(), worker.jmxAddress(), connector.name());
    Finding stream = only(withJmx, DebeziumMetricsAnalyzer.STREAM_OK);
    assertThat(stream).as("findings: %s", withJmx.findings()).isNotNull();
    assertThat(stream.evidence())
        .containsEntry("connector", connector.name())
        .containsEntry("server", PREFIX)
        .containsEntry("plugin", "mariadb")
        .containsEntry("connected", "true")
        .containsEntry("binlogFile", master.file());
    assertThat(Long.parseLong(stream.evidence().get("eventsSeen"))).isGreaterThanOrEqualTo(5);
    assertThat(Long.parseLong(stream.evidence().get("msBehindSource"))).isNotNegative();
    assertThat(withJmx.findings())
        .extracting(Finding::code)
        .contains(ConnectAnalyzer.RUNNING, ConnectAnalyzer.OFFSET);
    // Debezium's offset after a transaction, measured: the server's file, as position where that
    // transaction starts (its Gtid event), the GTID set before it, and the events and rows of it
    // already sent to skip on a restart.
    String gtidBefore =
        events.stream()
            .filter(e -> e.type().equals("Gtid") && e.pos() < lastGtid.pos())
            .reduce((a, b) -> b)
            .orElseThrow()
            .info()
            .replace("BEGIN GTID ", "");
    assertThat(offset.evidence())
        .as("master %s, last Gtid event %s", master, lastGtid)
        .containsEntry("binlogFile", master.file())
        .containsEntry("binlogPosition", Long.toString(lastGtid.pos()))
        .containsEntry("gtids", gtidBefore)
        .containsEntry("skipRows", "1");
  }

  // the server drops the connector's binlog connection (as a failover, a proxy's idle timeout or
  // a KILL does): Debezium's client stays down until its keep-alive check reconnects it
  // (connect.keep.alive.interval.ms), the task stays RUNNING meanwhile, and only Debezium's
  // metrics tell
  // an incremental snapshot asked through the signal table: Debezium's metrics show it running
  // while the stream goes on, then done
  @Test
  @Order(3)
  void anIncrementalSnapshotIsSeenRunningInDebeziumsMetricsWhileTheStreamGoesOn() throws Exception {
    db.execute(
        "INSERT INTO "
            + DATABASE
            + ".orders SELECT seq, 'bulk', 1 FROM "
            + DATABASE
            + ".seq_100000_to_119999",
        "INSERT INTO "
            + DATABASE
            + ".debezium_signal VALUES ('snapshot-1', 'execute-snapshot',"
            + " '{\"data-collections\": [\"shop.orders\"], \"type\": \"incremental\"}')");

    // before its first chunk the snapshot names none; seen then, it must not pass for the initial
    // snapshot the stream waits for
    Finding running = null;
    List<Finding> beforeChunk = new ArrayList<>();
    ToolReport report = null;
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (running == null && System.nanoTime() < deadline) {
      report = tools().status(worker.url(), worker.jmxAddress(), connector.name());
      Finding seen = only(report, DebeziumMetricsAnalyzer.SNAPSHOT_RUNNING);
      if (seen != null && "incremental".equals(seen.evidence().get("snapshotKind"))) {
        running = seen;
      } else if (seen != null) {
        beforeChunk.add(seen);
      }
      Thread.sleep(100);
    }
    assertThat(running).as("findings: %s", report.findings()).isNotNull();
    assertThat(beforeChunk)
        .allSatisfy(f -> assertThat(f.evidence()).containsEntry("snapshotKind", "signalled"));
    assertThat(running.evidence()).containsEntry("snapshotRunning", "true");
    assertThat(running.summary())
        .contains("incremental snapshot")
        .contains("changes keep streaming");
    assertThat(only(report, DebeziumMetricsAnalyzer.STREAM_OK))
        .as("the stream goes on beside an incremental snapshot: %s", report.findings())
        .isNotNull();

    Finding done = null;
    deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (System.nanoTime() < deadline) {
      report = tools().status(worker.url(), worker.jmxAddress(), connector.name());
      if (only(report, DebeziumMetricsAnalyzer.SNAPSHOT_RUNNING) == null) {
        done = only(report, DebeziumMetricsAnalyzer.STREAM_OK);
        break;
      }
      Thread.sleep(250);
    }
    assertThat(done).as("findings after the snapshot: %s", report.findings()).isNotNull();
  }

  @Test
  @Order(4)
  void aDroppedBinlogConnectionIsSeenInDebeziumsMetricsAndTriagedAsNotStreaming() throws Exception {
    db.disconnectBinlogReaders();
    ToolReport report = null;
    Finding down = null;
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (down == null && System.nanoTime() < deadline) {
      report = tools().status(worker.url(), worker.jmxAddress(), connector.name());
      down = only(report, DebeziumMetricsAnalyzer.DISCONNECTED);
    }
    assertThat(down).as("findings: %s", report.findings()).isNotNull();
    assertThat(down.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(down.evidence()).containsEntry("connected", "false");
    assertThat(Long.parseLong(down.evidence().get("disconnects"))).isPositive();
    assertThat(only(report, ConnectAnalyzer.RUNNING)).as("the REST API says RUNNING").isNotNull();

    TriageReport verdict =
        triage(
            Map.of("lakeops.connect.workers.cdc-it.jmx-url", worker.jmxAddress()),
            // a rule on the JMX exporter's Debezium metrics labels the server, not the connector
            Map.of(
                "alertname", "DebeziumStreamingNotConnected",
                "name", PREFIX,
                "context", "streaming",
                "plugin", "mariadb"),
            "Debezium " + PREFIX + " is not connected to its database");
    assertThat(verdict.runbook()).isEqualTo("cdc-connector-failed");
    assertThat(verdict.verdict().category())
        .as("%s", verdict.verdict())
        .isEqualTo(Category.JOB_NOT_RUNNING);
    assertThat(verdict.verdict().headline()).contains(connector.name()).contains("not connected");
    assertThat(verdict.verdict().entities()).containsEntry("connector", connector.name());

    // the proposed fix, run as the approval gate runs it (against the configured worker): the
    // connector restarted, its new binlog client connected from the committed offset
    ProposedAction proposed = verdict.verdict().proposals().get(0);
    assertThat(proposed.action()).isEqualTo(ActionKind.CDC_RESTART_CONNECTOR.actionName());
    Action restart =
        new Actions(
                new ConfiguredTargets(
                    KafkaClusters.fromProperties(new Properties()),
                    Map.of(),
                    Duration.ofSeconds(5),
                    Map.of(),
                    null,
                    Map.of("cdc-it", worker.url()),
                    Map.of("cdc-it", worker.jmxAddress())))
            .create(
                ActionArgs.of(ActionKind.CDC_RESTART_CONNECTOR, proposed.args()), Instant.now());
    assertThat(restart.preview().summary()).contains("restart connector " + connector.name());
    ActionOutcome outcome = restart.execute(new ExecutionContext("debezium-it"));
    Verification verified = restart.verify(outcome);
    assertThat(verified.status()).as("%s", verified.checks()).isEqualTo(Verification.Status.PASSED);
    assertThat(verified.checks())
        .contains(
            "ok: Debezium's binlog client of "
                + PREFIX
                + " is connected (service:jmx:rmi:///jndi/rmi://"
                + worker.jmxAddress()
                + "/jmxrmi)");
    Finding back = null;
    deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (back == null && System.nanoTime() < deadline) {
      back =
          only(
              tools().status(worker.url(), worker.jmxAddress(), connector.name()),
              DebeziumMetricsAnalyzer.STREAM_OK);
    }
    assertThat(back).as("connected again after the restart").isNotNull();
    assertThat(back.evidence()).containsEntry("connected", "true");
  }

  @Test
  @Order(5)
  void aDamagedRowEventFailsTheTaskAndTheProbeNamesTheCorruptionAndTheOffset() throws Exception {
    connector.stop();
    Finding stopped = only(tools().status(worker.url(), connector.name()), ConnectAnalyzer.STOPPED);
    assertThat(stopped).isNotNull();
    String file = stopped.evidence().get("binlogFile");
    long stored = Long.parseLong(stopped.evidence().get("binlogPosition"));

    // The server checks each event's CRC32 as it sends it only with master_verify_checksum=ON
    // (binlog/errors/README.md); with OFF the damaged row would reach Kafka.
    db.execute(
        "SET GLOBAL master_verify_checksum = ON",
        "INSERT INTO shop.orders VALUES (10, 'fig', 1), (11, 'kiwi', 2), (12, 'lime', 3)");
    List<BinlogDamage.Event> events = BinlogDamage.events(db, file);
    BinlogDamage.Event write =
        events.stream()
            .filter(e -> e.pos() > stored && e.type().startsWith("Write_rows"))
            .reduce((a, b) -> b)
            .orElseThrow();
    BinlogDamage.Event gtidOfDamaged =
        events.stream()
            .filter(e -> e.pos() < write.pos() && e.type().equals("Gtid"))
            .reduce((a, b) -> b)
            .orElseThrow();
    BinlogDamage.flip(db, file, (write.pos() + write.end()) / 2);

    connector.resumeNoWait();
    connector.awaitTaskState("FAILED");
    ConnectSnapshot snapshot = probe().capture(connector.name());
    CdcProbeSteps.record("task-failed-crc", snapshot);
    ToolReport report = tools().status(worker.url(), connector.name());

    String trace = snapshot.connectors().get(0).tasks().get(0).trace();
    CdcProbeSteps.write(Path.of("target", "cdc", "connect-task-crc-check-failed.txt"), trace);
    assertThat(CdcErrorClassifier.classify(trace).category())
        .as("live trace:%n%s", trace)
        .isEqualTo(CdcErrorCategory.CHECKSUM_FAILURE);
    Finding failed = only(report, ConnectAnalyzer.TASK_FAILED);
    assertThat(failed).as("findings: %s", report.findings()).isNotNull();
    assertThat(failed.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(failed.evidence())
        .containsEntry("connector", connector.name())
        .containsEntry("task", "0")
        .containsEntry("category", "checksum-failure")
        .containsEntry("binlogFile", file)
        .containsEntry("binlogPosition", Long.toString(stored));
    assertThat(failed.evidence().get("traceHead")).isNotBlank();
    assertThat(report.findings()).extracting(Finding::code).doesNotContain(ConnectAnalyzer.RUNNING);
    CdcProbeSteps.recordBodies(worker.url(), connector.name(), "task-failed-crc");
    Files.copy(
        db.binlogFile(file),
        Path.of("target", "cdc", "connect", "task-failed-crc", file),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);

    // The triage from the alert a Connect exporter fires (it names only the connector and the
    // task), with the tools `lakeops triage` builds from these keys: the worker's REST API, and
    // the server's binlog directory.
    Path binlogDir = db.binlogFile(file).getParent();
    TriageReport verdict =
        triage(
            Map.of("lakeops.binlog.dir", binlogDir.toString()),
            Map.of(
                "alertname", "KafkaConnectTaskFailed", "connector", connector.name(), "task", "0"),
            "Kafka Connect task " + connector.name() + "/0 failed");
    assertThat(verdict.runbook()).isEqualTo("cdc-connector-failed");
    assertThat(verdict.verdict().category())
        .as("%s", verdict.verdict())
        .isEqualTo(Category.BINLOG_CORRUPTION);
    assertThat(verdict.verdict().entities())
        .as("the first bad event, the restart position before its transaction, the offset")
        .containsEntry("connector", connector.name())
        .containsEntry("cause", "checksum-failure")
        .containsEntry("binlogFile", binlogDir.resolve(file).toString())
        .containsEntry("binlogOffset", Long.toString(write.pos()))
        .containsEntry("restartPosition", Long.toString(gtidOfDamaged.pos()))
        .containsEntry("connectorOffset", file + ":" + stored)
        .containsEntry("connectorGtids", stopped.evidence().get("gtids"));
    assertThat(verdict.verdict().entities().get("affectedTables")).contains("shop.orders");
    // not a restart, which re-reads the damaged event: the move past it, with a snapshot of what
    // the damage cut
    assertThat(verdict.verdict().proposals())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.action()).isEqualTo(ActionKind.CDC_RESUME_AFTER_DAMAGE.actionName());
              assertThat(p.args())
                  .containsEntry("connector", connector.name())
                  .containsEntry("binlog", binlogDir.resolve(file).toString())
                  .containsEntry("snapshot", "shop.orders");
            });
  }

  // the shipped planner with the tools `lakeops triage` builds from the worker's key and `config`
  private static TriageReport triage(
      Map<String, String> config, Map<String, String> labels, String summary) {
    Map<String, String> keys = new java.util.HashMap<>(config);
    keys.put("lakeops.connect.workers.cdc-it.url", worker.url());
    TriageTools triage = TriageTools.forCommandLine(keys, Clock.systemUTC());
    return DeterministicPlanner.shipped(triage.registry(), Clock.systemUTC())
        .triage(new AlertSignal(labels, Map.of("summary", summary)));
  }

  private static CdcTools tools() {
    return new CdcTools(Map.of(), Duration.ofSeconds(5), new ConnectAnalyzer(), Clock.systemUTC());
  }

  private static ConnectProbe probe() {
    return new ConnectProbe(worker.url(), Duration.ofSeconds(5), Clock.systemUTC());
  }

  private static Finding only(ToolReport report, String code) {
    List<Finding> found = report.findings().stream().filter(f -> f.code().equals(code)).toList();
    assertThat(found).as("%s findings in %s", code, report.findings()).hasSizeLessThanOrEqualTo(1);
    return found.isEmpty() ? null : found.get(0);
  }

  /** Reads the change topic until {@code total} records have arrived since the class started. */
  static List<ConsumerRecord<String, String>> readChanges(int total) {
    if (consumer == null) {
      Properties props = new Properties();
      props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrap());
      props.put(ConsumerConfig.GROUP_ID_CONFIG, "cdc-it-reader");
      props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
      props.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, "500");
      props.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
      consumer = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
      consumer.subscribe(List.of(TOPIC));
    }
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (seen.size() < total && System.nanoTime() < deadline) {
      consumer.poll(Duration.ofMillis(250)).forEach(seen::add);
    }
    assertThat(seen)
        .as("records on %s (worker log: %s)", TOPIC, worker.logTail(30))
        .hasSizeGreaterThanOrEqualTo(total);
    return List.copyOf(seen.subList(seen.size() - total, seen.size()));
  }

  /** The last part of the worker's log, for failure messages. */
  static String workerLog() {
    return String.join("\n", worker.logTail(40));
  }

  static Map<String, String> registered() {
    return connector.registeredConfig();
  }
}
