package dev.lakeops.eval.sandbox;

import static dev.lakeops.eval.sandbox.IncidentFindings.finding;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.table.Table;
import dev.lakeops.table.data.Row;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.table.DuplicateKeysAnalyzer;
import dev.lakeops.tools.table.DuplicateKeysProbe;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sandbox with its CDC hop, end to end: rows inserted, updated and deleted in MariaDB reach the
 * lake tables through Debezium in Kafka Connect, Kafka and the Flink job's lakeops sink; the
 * primary-key table equals the source table and the append table has every payment once.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SandboxCdcIT {

  private static final Logger LOG = LoggerFactory.getLogger(SandboxCdcIT.class);
  // the job checkpoints every 2 s; the bound above it covers Debezium's poll, the worker's flush
  // and the commit on a loaded 2-core machine
  private static final Duration VISIBLE_WITHIN = Duration.ofSeconds(30);

  private static final String LEAD_TOKEN = "lead-" + System.nanoTime();

  @TempDir static Path workDir;
  private static Sandbox sandbox;
  private static AgentProcess agent;

  @BeforeAll
  static void startSandbox() {
    Path home = Path.of(System.getProperty("lakeops.home"));
    int[] ports = FreePorts.take(5);
    SandboxConfig config =
        SandboxConfig.defaults(home, workDir)
            .withPorts(ports[0], ports[1], ports[2])
            .withRecordsPerSecond(50)
            .withCdc(new SandboxConfig.CdcPorts(ports[3], ports[4]));
    sandbox = Sandbox.start(config);
  }

  @AfterAll
  static void closeSandbox() {
    if (agent != null) {
      agent.close();
    }
    if (sandbox != null) {
      sandbox.close();
    }
  }

  /**
   * The packaged agent in its own JVM, started once for the tests that go from an alert to an
   * approved action: the sandbox's warehouse, its Flink cluster for table maintenance, its Kafka
   * Connect worker and its MariaDB's binlog directory, and a lead who approves.
   */
  private static synchronized AgentProcess agent() {
    if (agent == null) {
      agent =
          AgentProcess.start(
              Path.of(System.getProperty("lakeops.home")),
              workDir.resolve("agent"),
              FreePorts.take(1)[0],
              sandbox.flinkRestUrl(),
              List.of(
                  "-Dlakeops.tables.warehouse=" + sandbox.config().warehouse(),
                  "-Dlakeops.tables.maintenance.flink-cluster=" + sandbox.flinkRestUrl(),
                  "-Dlakeops.connect.workers.sandbox.url=" + sandbox.connectUrl(),
                  "-Dlakeops.connect.workers.sandbox.jmx-url=" + sandbox.connectJmx(),
                  "-Dlakeops.binlog.dir=" + sandbox.binlogDir(),
                  "-Dlakeops.approvers.lead.roles=approver",
                  "-Dlakeops.approvers.lead.token=" + LEAD_TOKEN,
                  "-Dlakeops.approvers.lead.im-ids=api:lead",
                  // a destructive action needs two approvers besides its requester
                  "-Dlakeops.approvers.oncall.roles=approver",
                  "-Dlakeops.approvers.oncall.token=oncall-" + System.nanoTime(),
                  "-Dlakeops.approvers.oncall.im-ids=api:oncall",
                  "-Dlakeops.approvers.dba.roles=approver",
                  "-Dlakeops.approvers.dba.token=dba-" + System.nanoTime(),
                  "-Dlakeops.approvers.dba.im-ids=api:dba"));
    }
    return agent;
  }

  private static JsonNode fire(Map<String, String> labels, String summary) {
    String id =
        agent()
            .client()
            .postAlertmanager(AlertmanagerPayloads.firing(labels, summary, Instant.now()))
            .get(0);
    return agent().client().awaitTriage(id, Duration.ofSeconds(60));
  }

  @Test
  @Order(1)
  void theSnapshotOfTheSourceTablesIsInTheLake() {
    awaitLakeEqualsSource();
    assertThat(lakeOrders()).hasSize(3);
    assertThat(lakePayments()).hasSize(1);
  }

  @Test
  @Order(2)
  void insertsUpdatesAndDeletesReachTheLakeTablesExactlyOnce() throws SQLException {
    try (Connection c = sandbox.mariaDb().connectAdmin();
        Statement s = c.createStatement()) {
      for (int id = 10; id < 40; id++) {
        s.execute(
            "INSERT INTO shop.orders VALUES ("
                + id
                + ", "
                + (id % 4)
                + ", "
                + id
                + ".75, 'new', '2026-01-02 00:00:00."
                + String.format("%03d", id)
                + "')");
      }
      s.execute("UPDATE shop.orders SET status = 'paid', amount = amount + 1 WHERE order_id < 20");
      s.execute("DELETE FROM shop.orders WHERE order_id IN (2, 25, 26)");
      for (int id = 10; id < 20; id++) {
        s.execute(
            "INSERT INTO shop.payments VALUES ("
                + id
                + ", "
                + id
                + ", "
                + (id + 1)
                + ".75, '2026-01-02 00:00:01.000')");
      }
    }
    Duration visibleAfter = awaitLakeEqualsSource();
    LOG.info("MariaDB commit visible in the lake tables after {} ms", visibleAfter.toMillis());

    Map<Long, Row> orders = lakeOrders();
    assertThat(orders).hasSize(3 - 1 + 30 - 2);
    assertThat(orders).doesNotContainKeys(2L, 25L, 26L);
    assertThat(orders.get(11L).get(3)).isEqualTo("paid");
    assertThat(orders.get(11L).get(2)).isEqualTo(new BigDecimal("12.75"));
    assertThat(orders.get(30L).get(4)).isEqualTo(LocalDateTime.parse("2026-01-02T00:00:00.030"));
    assertThat(lakePayments()).hasSize(11);
  }

  // the fault the duplicate-write runbook explains, lived: the lake writer redeployed without its
  // state replays its topics as a new commit user
  @Test
  @Order(3)
  void aStatelessRestartOfTheLakeWriterAppendsEveryPaymentAgainAsANewCommitUser() {
    Map<Long, List<Object>> sourcePayments = source("SELECT * FROM shop.payments");
    Map<Long, List<Object>> sourceOrders = source("SELECT * FROM shop.orders");
    String before = sandbox.cdcJobId();

    String after = sandbox.restartCdcJobWithoutState();

    assertThat(after).isNotEqualTo(before);
    long deadline = System.nanoTime() + VISIBLE_WITHIN.toNanos();
    while (lakePayments().size() < 2 * sourcePayments.size() && System.nanoTime() < deadline) {
      sleep(Duration.ofMillis(200));
    }
    Map<Long, Integer> copies = new TreeMap<>();
    lakePayments().forEach(row -> copies.merge((Long) row.get(0), 1, Integer::sum));
    assertThat(copies).containsOnlyKeys(sourcePayments.keySet());
    assertThat(copies.values()).containsOnly(2);
    assertThat(values(lakeOrders()))
        .as("the primary-key table absorbs the replay")
        .isEqualTo(sourceOrders);

    Table payments = ShopTables.lakeTable(sandbox.config().warehouse(), ShopTables.PAYMENTS);
    List<Finding> findings =
        new DuplicateKeysAnalyzer()
            .analyze(
                new DuplicateKeysProbe(100_000)
                    .capture(payments, "shop.payments", Map.of(), List.of("payment_id")));
    Finding visible =
        findings.stream()
            .filter(f -> f.code().equals("table.duplicates.visible"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no visible duplicates in " + findings));
    assertThat(visible.evidence())
        .containsEntry("duplicateKeys", Integer.toString(sourcePayments.size()))
        .containsEntry("correlation", "two-commit-users")
        .containsEntry("firstCommitUser", "cdc-to-lake/shop.payments")
        .containsEntry("secondCommitUser", "cdc-to-lake/shop.payments#1");
  }

  // write-only shop.orders with no compaction job: sorted runs pile up with each checkpoint; the
  // agent's triage proposes a compaction, the lead approves it, and it runs as a Flink job on the
  // sandbox's cluster
  @Test
  @Order(4)
  void anApprovedCompactionOfTheWriteOnlyTableRunsOnTheSandboxsFlinkCluster() throws Exception {
    TableTools tools = new TableTools(TableLocator.local(sandbox.config().warehouse()));
    for (int round = 0; round < 6; round++) {
      long before = latestSnapshot(ShopTables.ORDERS);
      sandbox.mariaDb().execute("UPDATE shop.orders SET status = 'round-" + round + "'");
      long deadline = System.nanoTime() + VISIBLE_WITHIN.toNanos();
      while (latestSnapshot(ShopTables.ORDERS) == before && System.nanoTime() < deadline) {
        sleep(Duration.ofMillis(100));
      }
    }
    assertThat(values(lakeOrders())).isEqualTo(source("SELECT * FROM shop.orders"));
    assertThat(tools.compactionBacklog("shop.orders", null).findings())
        .extracting(Finding::code)
        .contains("table.compaction.backlog");

    JsonNode incident =
        fire(
            Map.of(
                "alertname", "PaimonSortedRunsHigh", "severity", "warning", "table", "shop.orders"),
            "Sorted runs of shop.orders keep growing: compaction is behind");
    assertThat(incident.path("report").path("verdict").path("category").asText())
        .as(incident.toString())
        .isEqualTo("COMPACTION_BACKLOG");
    String answer = approveInChat(incident);

    assertThat(answer)
        .contains("executed: DONE")
        .contains("on the Flink cluster at " + sandbox.flinkRestUrl());
    Matcher job = Pattern.compile("\\(job ([0-9a-f]{32}), ").matcher(answer);
    assertThat(job.find()).as(answer).isTrue();
    JsonNode finished = new FlinkRestReader(sandbox.flinkRestUrl()).job(job.group(1));
    assertThat(finished.path("state").asText()).isEqualTo("FINISHED");
    assertThat(finished.path("name").asText())
        .startsWith("lakeops table.compact")
        .endsWith("orders");
    assertThat(tools.compactionBacklog("shop.orders", null).findings())
        .extracting(Finding::code)
        .doesNotContain("table.compaction.backlog");
    assertThat(values(lakeOrders())).isEqualTo(source("SELECT * FROM shop.orders"));
  }

  // a byte flipped in the live server's binlog under the connector: the task fails, the lake
  // stops receiving changes, and the agent's triage of the connector alert reads the connector,
  // then the binlog file, and names the damaged event, the restart position and the GTIDs
  // the server drops the connector's binlog connection: Kafka Connect still says RUNNING, the lake
  // stops receiving changes, the triage reads Debezium's metrics over the worker's JMX, and the
  // restart it proposes, approved in chat, resumes the stream from the committed offset
  @Test
  @Order(5)
  void aDroppedCdcConnectionIsTriagedFromDebeziumsMetricsAndTheApprovedRestartResumesTheStream() {
    sandbox.dropCdcConnection();
    sandbox
        .mariaDb()
        .execute("INSERT INTO shop.orders VALUES (901, 2, 4.50, 'new', '2026-01-03 00:00:00.000')");
    sleep(Duration.ofSeconds(3));
    assertThat(lakeOrders()).as("no change streams while disconnected").doesNotContainKey(901L);

    JsonNode incident =
        fire(
            Map.of(
                "alertname", "DebeziumConnectorNotConnected",
                "severity", "critical",
                "connector", Sandbox.CONNECTOR),
            "Debezium connector " + Sandbox.CONNECTOR + " is not connected to its database");
    JsonNode verdict = incident.path("report").path("verdict");
    assertThat(verdict.path("category").asText())
        .as(incident.toString())
        .isEqualTo("JOB_NOT_RUNNING");
    assertThat(verdict.path("headline").asText())
        .contains(Sandbox.CONNECTOR)
        .contains("not connected");

    String answer = approveInChat(incident);

    assertThat(answer)
        .contains("executed: DONE")
        .contains("restarted connector " + Sandbox.CONNECTOR + " and its tasks")
        // verified from the worker's JMX too: the REST API looked the same before the restart
        .contains("verification PASSED")
        .contains("ok: Debezium's binlog client of " + Sandbox.TOPIC_PREFIX + " is connected");
    long deadline = System.nanoTime() + VISIBLE_WITHIN.toNanos();
    while (!lakeOrders().containsKey(901L) && System.nanoTime() < deadline) {
      sleep(Duration.ofMillis(200));
    }
    assertThat(values(lakeOrders())).isEqualTo(source("SELECT * FROM shop.orders"));
  }

  @Test
  @Order(6)
  void aDamagedBinlogIsTriagedAndTheApprovedMovePastItWithASnapshotBringsTheLakeBack() {
    long deadline = System.nanoTime() + VISIBLE_WITHIN.toNanos();
    while (!values(lakeOrders()).equals(source("SELECT * FROM shop.orders"))
        && System.nanoTime() < deadline) {
      sleep(Duration.ofMillis(200));
    }
    assertThat(values(lakeOrders())).isEqualTo(source("SELECT * FROM shop.orders"));
    String offsetBefore = sandbox.connector().status().toString();

    BinlogDamage damage = sandbox.damageBinlog(900);

    // the order is committed in MariaDB and never reaches the lake: two checkpoints pass
    assertThat(source("SELECT * FROM shop.orders")).containsKey(900L);
    sleep(Duration.ofSeconds(5));
    assertThat(lakeOrders()).doesNotContainKey(900L);

    JsonNode incident =
        fire(
            Map.of(
                "alertname", "KafkaConnectTaskFailed",
                "severity", "critical",
                "connector", Sandbox.CONNECTOR,
                "task", "0"),
            "Kafka Connect task " + Sandbox.CONNECTOR + "/0 is FAILED");

    JsonNode verdict = incident.path("report").path("verdict");
    assertThat(verdict.path("category").asText())
        .as("%s (connector before: %s)", incident, offsetBefore)
        .isEqualTo("BINLOG_CORRUPTION");
    JsonNode entities = verdict.path("entities");
    assertThat(entities.path("connector").asText()).isEqualTo(Sandbox.CONNECTOR);
    assertThat(entities.path("cause").asText()).isEqualTo("checksum-failure");
    assertThat(entities.path("binlogFile").asText())
        .isEqualTo(sandbox.binlogDir().resolve(damage.file()).toString());
    assertThat(entities.path("binlogOffset").asLong()).isEqualTo(damage.eventPosition());
    assertThat(entities.path("restartPosition").asLong()).isEqualTo(damage.transactionStart());
    // the incident's console page draws the live server's binlog file as a strip: the damaged
    // event's span and the position to restart at
    String strip =
        ConsoleClient.login(agent().client().baseUrl(), LEAD_TOKEN)
            .picture(incident.path("id").asText(), "binlog-strip");
    assertThat(strip)
        .contains("<svg ")
        .contains("damaged: offsets " + damage.eventPosition() + " to ")
        .contains("restart at " + damage.transactionStart());
    assertThat(entities.path("affectedTables").asText()).contains("shop.orders");
    assertThat(entities.path("connectorGtids").asText()).isNotBlank();
    assertThat(verdict.path("headline").asText()).contains(Sandbox.CONNECTOR);

    // the fix: the sandbox's server verifies checksums as it reads, so it cannot start a reader
    // past the damage inside the damaged file, and the triage's proposal is refused saying so
    JsonNode refused = incident.path("triageProposals").path(0);
    assertThat(refused.path("proposalId").isNull()).as(refused.toString()).isTrue();
    assertThat(refused.path("refusal").asText())
        .contains("cdc.resume_after_damage")
        .contains("FLUSH BINARY LOGS");
    JsonNode proposed = verdict.path("proposals").path(0);
    assertThat(proposed.path("action").asText()).isEqualTo("cdc.resume_after_damage");
    assertThat(proposed.path("args").path("snapshot").asText()).isEqualTo("shop.orders");
    // the lead starts a new binlog file as the triage says (order 902 goes to it) and proposes
    // the same fix again; it now starts at the new file, and an incremental snapshot of
    // shop.orders brings back order 900, whose insert the damage cut
    assertThat(verdict.path("nextActions").toString()).contains("FLUSH BINARY LOGS");
    sandbox.mariaDb().execute("FLUSH BINARY LOGS");
    sandbox
        .mariaDb()
        .execute("INSERT INTO shop.orders VALUES (902, 3, 7.25, 'new', '2026-01-03 00:00:01.000')");
    int paymentsBefore = lakePayments().size();
    String proposalId =
        agent()
            .client()
            .postJson(
                "/api/proposals",
                Json.mapper()
                    .createObjectNode()
                    .put("action", "cdc.resume_after_damage")
                    .put("reason", "binlog flushed: start the connector at the new file")
                    .<com.fasterxml.jackson.databind.node.ObjectNode>set(
                        "args", proposed.path("args"))
                    .toString(),
                LEAD_TOKEN)
            .path("id")
            .asText();
    // destructive: the changes the damage cut are skipped for good, so two people besides the
    // requester approve
    assertThat(approveInChat(incident, proposalId, "oncall")).doesNotContain("executed:");
    String answer = approveInChat(incident, proposalId, "dba");

    assertThat(answer)
        .as(
            "%s%n(connector now: %s)%n(agent log: %s)%n(connect log: %s)",
            answer,
            sandbox.connector().status(),
            linesAbout(agent().logFile(), "resume_after_damage"),
            linesAbout(sandbox.connectLog(), "ignal"))
        .contains("executed: DONE")
        .contains("moved connector " + Sandbox.CONNECTOR + " past the damaged binlog event at")
        .contains("to mysql-bin.000002:4")
        .contains("verification PASSED")
        .contains("ok: Debezium's binlog client of " + Sandbox.TOPIC_PREFIX + " is connected")
        .contains("ok: snapshot signal " + Sandbox.SIGNAL_TOPIC)
        .contains("ok: incremental snapshot of shop.orders finished");
    Map<Long, List<Object>> sourceOrders = source("SELECT * FROM shop.orders");
    assertThat(sourceOrders).containsKeys(900L, 902L);
    long until = System.nanoTime() + VISIBLE_WITHIN.toNanos();
    while (!values(lakeOrders()).equals(sourceOrders) && System.nanoTime() < until) {
      sleep(Duration.ofMillis(200));
    }
    assertThat(values(lakeOrders())).isEqualTo(sourceOrders);
    assertThat(lakePayments()).as("payments were not snapshotted").hasSize(paymentsBefore);
    assertThat(sandbox.connector().status().toString()).doesNotContain("FAILED");
  }

  // the lake store turns slow under a steady load of new orders: the lake writer of shop.orders
  // flushes its data files at each checkpoint, in its task thread, so the job backs up behind it;
  // the backpressure alert's triage names that writer as a slow sink and proposes twice its
  // subtasks. The lead approves; the adaptive scheduler restarts the job with two writers, which
  // write their buckets' files to the store at once, from its latest checkpoint. A second
  // proposal, by hand, takes it back to one. Once the store is fast again the lake holds every
  // order exactly once across both rescales.
  @Test
  @Order(7)
  void aSlowLakeStoreBackpressuresTheCdcJobAndTheApprovedRescaleDoublesItsLakeWriter()
      throws Exception {
    FlinkRestReader rest = new FlinkRestReader(sandbox.flinkRestUrl());
    String jobId = sandbox.cdcJobId();
    JsonNode incident;
    String back;
    OrderLoad load = sandbox.startOrderLoad(1_000_000, 2_000);
    try {
      sandbox.slowLakeStore(Duration.ofSeconds(4));
      try {
        BackpressureWait.untilBottleneck(
            sandbox.flinkRestUrl(), Sandbox.CDC_JOB_NAME, Duration.ofSeconds(150));
      } catch (IllegalStateException e) {
        throw new AssertionError(
            e.getMessage()
                + "; orders written "
                + load.written()
                + "; the pipeline's log: "
                + linesAbout(sandbox.pipelineLog(), "store")
                + linesAbout(sandbox.pipelineLog(), "Exception"),
            e);
      }
      incident =
          fire(
              Map.of(
                  "alertname", "FlinkJobBackpressured",
                  "severity", "warning",
                  "job_name", Sandbox.CDC_JOB_NAME),
              "Flink job " + Sandbox.CDC_JOB_NAME + " is backpressured");
      JsonNode verdict = incident.path("report").path("verdict");
      assertThat(verdict.path("category").asText())
          .as(Json.compact(incident))
          .isEqualTo("BACKPRESSURE");
      // the committer has a task of its own, so that the writer can be rescaled alone
      assertThat(verdict.path("entities").path("vertex").asText())
          .isEqualTo("lake writer: shop.orders");
      JsonNode args = approveRescaleOfTheWriter(incident, rest, jobId);
      String writer = args.path("vertex").asText();
      assertThat(rest.job(jobId).path("state").asText()).isEqualTo("RUNNING");
      assertThat(parallelismOf(rest, jobId, writer)).isEqualTo(2);

      back = rescaleByHand(args, 1);
      assertThat(parallelismOf(rest, jobId, writer)).isEqualTo(1);
    } finally {
      sandbox.restoreLakeStore();
      load.close();
    }
    assertThat(back).contains("DONE");
    assertThat(load.written()).isGreaterThan(1_000);
    JsonNode slowSink = finding(incident, "flink.backpressure.slow-sink");
    assertThat(slowSink.path("evidence").path("vertex").asText())
        .isEqualTo("lake writer: shop.orders");
    assertThat(Double.parseDouble(slowSink.path("evidence").path("recordsOutPerSecond").asText()))
        .isLessThan(
            Double.parseDouble(slowSink.path("evidence").path("recordsInPerSecond").asText())
                / 100);
    assertThat(
            finding(incident, "flink.backpressure.bottleneck")
                .path("evidence")
                .path("backpressuredInputs")
                .asText())
        .contains("cdc " + Sandbox.TOPIC_PREFIX + ".shop.orders");

    Map<Long, List<Object>> sourceOrders = source("SELECT * FROM shop.orders");
    long until = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (!values(lakeOrders()).equals(sourceOrders) && System.nanoTime() < until) {
      sleep(Duration.ofMillis(500));
    }
    assertThat(values(lakeOrders())).isEqualTo(sourceOrders);
  }

  // the triage's one proposal is flink.rescale of the lake writer of shop.orders to 2; the lead
  // approves it in chat and it runs and verifies; its arguments
  private static JsonNode approveRescaleOfTheWriter(
      JsonNode incident, FlinkRestReader rest, String jobId) throws Exception {
    JsonNode verdict = incident.path("report").path("verdict");
    JsonNode proposed = verdict.path("proposals").path(0);
    assertThat(proposed.path("action").asText()).as(verdict.toString()).isEqualTo("flink.rescale");
    JsonNode args = proposed.path("args");
    assertThat(args.path("job").asText()).isEqualTo(jobId);
    assertThat(args.path("parallelism").asText()).isEqualTo("2");
    assertThat(rest.vertexIds(jobId))
        .containsEntry("lake writer: shop.orders", args.path("vertex").asText());
    assertThat(approveInChat(incident))
        .as(linesAbout(agent().logFile(), "rescale"))
        .contains("executed: DONE")
        .contains("verification PASSED");
    return args;
  }

  private static int parallelismOf(FlinkRestReader rest, String jobId, String vertexId)
      throws Exception {
    for (JsonNode v : rest.job(jobId).path("vertices")) {
      if (v.path("id").asText().equals(vertexId)) {
        return v.path("parallelism").asInt();
      }
    }
    throw new AssertionError("job " + jobId + " has no vertex " + vertexId);
  }

  // proposes flink.rescale with the triage's arguments but {@code parallelism}, over the REST API
  // as the lead, and approves it (reversible: the requester may); the execution's state
  private static String rescaleByHand(JsonNode args, int parallelism) {
    com.fasterxml.jackson.databind.node.ObjectNode wanted = args.deepCopy();
    wanted.put("parallelism", Integer.toString(parallelism));
    JsonNode proposal =
        agent()
            .client()
            .postJson(
                "/api/proposals",
                Json.mapper()
                    .createObjectNode()
                    .put("action", "flink.rescale")
                    .put("reason", "the next test wants one writer again")
                    .<com.fasterxml.jackson.databind.node.ObjectNode>set("args", wanted)
                    .toString(),
                LEAD_TOKEN);
    String id = proposal.path("id").asText();
    assertThat(id).as(proposal.toString()).isNotBlank();
    JsonNode decided =
        agent().client().postJson("/api/proposals/" + id + "/approve", "{}", LEAD_TOKEN);
    assertThat(decided.path("execution").path("verification").path("status").asText())
        .as(decided.toString())
        .isEqualTo("PASSED");
    return decided.path("execution").path("state").asText();
  }

  // the lake store gets slower still: the writer's flush of its two buckets outlasts the job's
  // checkpoint timeout, so its checkpoints expire (the job tolerates a few) and nothing is
  // committed meanwhile; the checkpoint alert's triage names the expired checkpoints, the writer
  // that did not acknowledge and the backpressure behind it, and proposes two writers. Approved,
  // each writer flushes one bucket, within the timeout: checkpoints complete again while the store
  // is still as slow, and commit what the expired ones had not. The lake equals the source.
  @Test
  @Order(8)
  void
      checkpointsThatExpireOnASlowLakeStoreAreTriagedAndCompleteAgainOnceTheApprovedRescaleSplitsTheFlush()
          throws Exception {
    FlinkRestReader rest = new FlinkRestReader(sandbox.flinkRestUrl());
    String jobId = sandbox.cdcJobId();
    long failedBefore = rest.checkpoints(jobId).path("counts").path("failed").asLong();
    JsonNode incident;
    // as many orders as in the slow-sink test: enough to fill the job's buffers while the writer
    // flushes, so that the barriers wait behind backpressure, as they do in production
    OrderLoad load = sandbox.startOrderLoad(2_000_000, 2_000);
    try {
      sandbox.slowLakeStore(Duration.ofSeconds(20));
      long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
      while (rest.checkpoints(jobId).path("counts").path("failed").asLong() <= failedBefore
          && System.nanoTime() < deadline) {
        sleep(Duration.ofSeconds(1));
      }
      JsonNode checkpoints = rest.checkpoints(jobId);
      assertThat(checkpoints.path("counts").path("failed").asLong())
          .as("Flink's checkpoints of %s: %s", Sandbox.CDC_JOB_NAME, checkpoints)
          .isGreaterThan(failedBefore);
      assertThat(checkpoints.path("latest").path("failed").path("failure_message").asText())
          .contains("expired");
      BackpressureWait.untilBottleneck(
          sandbox.flinkRestUrl(), Sandbox.CDC_JOB_NAME, Duration.ofSeconds(150));
      incident =
          fire(
              Map.of(
                  "alertname", "FlinkCheckpointsFailing",
                  "severity", "warning",
                  "job_name", Sandbox.CDC_JOB_NAME),
              "Checkpoints of Flink job " + Sandbox.CDC_JOB_NAME + " are failing");
      JsonNode verdict = incident.path("report").path("verdict");
      assertThat(verdict.path("category").asText())
          .as(Json.compact(incident))
          .isEqualTo("CHECKPOINT_FAILURE");
      JsonNode timeout = finding(incident, "flink.checkpoint.timeout");
      assertThat(timeout.path("evidence").path("timeoutMs").asText()).isEqualTo("30000");
      assertThat(timeout.path("summary").asText()).contains("lake writer: shop.orders");
      assertThat(verdict.path("entities").path("vertex").asText())
          .startsWith("lake writer: shop.orders");
      approveRescaleOfTheWriter(incident, rest, jobId);
      long completedAtRescale = rest.checkpoints(jobId).path("counts").path("completed").asLong();
      deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
      while (rest.checkpoints(jobId).path("counts").path("completed").asLong() <= completedAtRescale
          && System.nanoTime() < deadline) {
        sleep(Duration.ofSeconds(1));
      }
      assertThat(rest.checkpoints(jobId).path("counts").path("completed").asLong())
          .as("a checkpoint completes on the still slow store: %s", rest.checkpoints(jobId))
          .isGreaterThan(completedAtRescale);
    } finally {
      sandbox.restoreLakeStore();
      load.close();
    }

    Map<Long, List<Object>> sourceOrders = source("SELECT * FROM shop.orders");
    long until = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (!values(lakeOrders()).equals(sourceOrders) && System.nanoTime() < until) {
      sleep(Duration.ofMillis(500));
    }
    assertThat(values(lakeOrders())).isEqualTo(sourceOrders);
  }

  // approves the incident's one triage proposal in its chat thread, as the lead; the answer
  private static String approveInChat(JsonNode incident) {
    return approveInChat(incident, "lead");
  }

  // approves proposal {@code proposalId} in the incident's chat thread, as {@code user}; the answer
  private static String approveInChat(JsonNode incident, String proposalId, String user) {
    return agent()
        .client()
        .postJson(
            "/api/chat",
            Json.mapper()
                .createObjectNode()
                .put("thread", "incident-" + incident.path("id").asText())
                .put("user", user)
                .put("text", "approve " + proposalId)
                .toString(),
            null)
        .path("markdown")
        .asText();
  }

  // approves the incident's one triage proposal in its chat thread, as {@code user}; the answer
  private static String approveInChat(JsonNode incident, String user) {
    String proposalId = null;
    for (JsonNode link : incident.path("triageProposals")) {
      if (link.path("proposalId").isTextual()) {
        proposalId = link.path("proposalId").asText();
      }
    }
    assertThat(proposalId).as(incident.path("triageProposals").toString()).isNotNull();
    return approveInChat(incident, proposalId, user);
  }

  // a log's lines about {@code what}, and the causes after them: a chat line is cut short
  private static String linesAbout(Path log, String what) {
    try {
      List<String> lines = java.nio.file.Files.readAllLines(log);
      List<String> out = new ArrayList<>();
      for (String line : lines) {
        if (line.contains(what) || line.startsWith("Caused by:") || line.contains(" WARN ")) {
          out.add(line.length() > 2000 ? line.substring(0, 2000) : line);
        }
      }
      return String.join("\n", out.subList(Math.max(0, out.size() - 40), out.size()));
    } catch (java.io.IOException e) {
      return "unreadable: " + e.getMessage();
    }
  }

  private static long latestSnapshot(String table) {
    return ShopTables.lakeTable(sandbox.config().warehouse(), table)
        .latestSnapshot()
        .map(snapshot -> snapshot.id())
        .orElse(0L);
  }

  // waits until the lake tables hold exactly the source tables' rows; returns how long that took
  private static Duration awaitLakeEqualsSource() {
    long start = System.nanoTime();
    long deadline = start + VISIBLE_WITHIN.toNanos();
    Map<Long, List<Object>> sourceOrders = source("SELECT * FROM shop.orders");
    Map<Long, List<Object>> sourcePayments = source("SELECT * FROM shop.payments");
    Map<Long, List<Object>> lakeOrders = Map.of();
    List<List<Object>> lakePayments = List.of();
    while (System.nanoTime() < deadline) {
      lakeOrders = values(lakeOrders());
      lakePayments = lakePayments().stream().map(SandboxCdcIT::values).toList();
      if (lakeOrders.equals(sourceOrders)
          && lakePayments.size() == sourcePayments.size()
          && new ArrayList<>(sourcePayments.values()).containsAll(lakePayments)) {
        return Duration.ofNanos(System.nanoTime() - start);
      }
      sleep(Duration.ofMillis(200));
    }
    assertThat(lakeOrders).as("lake shop.orders").isEqualTo(sourceOrders);
    assertThat(lakePayments)
        .as("lake shop.payments")
        .containsExactlyInAnyOrderElementsOf(sourcePayments.values());
    throw new AssertionError("unreachable");
  }

  private static Map<Long, Row> lakeOrders() {
    Table table = ShopTables.lakeTable(sandbox.config().warehouse(), ShopTables.ORDERS);
    Map<Long, Row> rows = new TreeMap<>();
    for (Row row : read(table)) {
      rows.put((Long) row.get(0), row);
    }
    return rows;
  }

  private static List<Row> lakePayments() {
    return read(ShopTables.lakeTable(sandbox.config().warehouse(), ShopTables.PAYMENTS));
  }

  private static List<Row> read(Table table) {
    List<Row> rows = new ArrayList<>();
    if (table.latestSnapshot().isPresent()) {
      table.newRead().readAll(table.newScan().plan()).forEach(rows::add);
    }
    return rows;
  }

  private static Map<Long, List<Object>> values(Map<Long, Row> rows) {
    Map<Long, List<Object>> values = new TreeMap<>();
    rows.forEach((id, row) -> values.put(id, values(row)));
    return values;
  }

  private static List<Object> values(Row row) {
    return Arrays.asList(row.values());
  }

  // the source table's rows by their first column, as the lake's Java values
  private static Map<Long, List<Object>> source(String query) {
    Map<Long, List<Object>> rows = new TreeMap<>();
    try (Connection c = sandbox.mariaDb().connectAdmin();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(query)) {
      int columns = r.getMetaData().getColumnCount();
      while (r.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
          Object value = r.getObject(i);
          row.add(value instanceof Timestamp t ? t.toLocalDateTime() : value);
        }
        rows.put(((Number) row.get(0)).longValue(), row);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("MariaDB query failed: " + query + ": " + e.getMessage(), e);
    }
    return rows;
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
