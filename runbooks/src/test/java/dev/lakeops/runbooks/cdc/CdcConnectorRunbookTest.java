package dev.lakeops.runbooks.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.BinlogBindings;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.cdc.CdcTools;
import dev.lakeops.tools.cdc.ConnectAnalyzer;
import dev.lakeops.tools.cdc.DebeziumMetricsAnalyzer;
import dev.lakeops.tools.cdc.JmxAgent;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code cdc-connector-failed} runbook with the real tools, against a loopback worker that
 * replays what a live Kafka Connect worker answered about its Debezium MariaDB connector after a
 * byte of the server's binlog was flipped ({@code cdc/connect/task-failed-crc}: the worker's bodies
 * and the damaged binlog file, captured by {@code DebeziumCdcIT}), and variants of those answers.
 */
class CdcConnectorRunbookTest {

  private static final Path LIVE = Path.of("src/test/resources/cdc/connect/task-failed-crc");
  private static final Path CLEAN =
      Path.of("../tools/src/test/resources/binlog/mariadb-10.11-crc32.000002");
  private static final String CONNECTOR = "orders-cdc";

  @TempDir Path binlogDir;
  private HttpServer server;
  private final Map<String, String> bodies = new HashMap<>();
  private String binlogName;

  @BeforeEach
  void replayTheLiveWorker() throws IOException {
    bodies.put("/", read("root.json"));
    bodies.put("/connectors/" + CONNECTOR + "/status", read("status.json"));
    bodies.put("/connectors/" + CONNECTOR + "/config", read("config.json"));
    bodies.put("/connectors/" + CONNECTOR + "/offsets", read("offsets.json"));
    try (Stream<Path> files = Files.list(LIVE)) {
      Path binlog = files.filter(f -> !f.toString().endsWith(".json")).findFirst().orElseThrow();
      binlogName = binlog.getFileName().toString();
    }
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String body = bodies.get(exchange.getRequestURI().getRawPath());
          int status = body == null ? 404 : 200;
          byte[] bytes =
              (body == null ? "{\"error_code\":404,\"message\":\"Connector not found\"}" : body)
                  .getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(status, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private static String read(String name) {
    try {
      return Files.readString(LIVE.resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private TriageReport triage(String workerUrl) {
    return triage(workerUrl, Map.of());
  }

  private TriageReport triage(String workerUrl, Map<String, String> jmx) {
    ToolRegistry registry =
        new ToolRegistry().registerAll(BinlogBindings.confinedTo(new BinlogTools(), binlogDir));
    new CdcTools(
            Map.of("cdc", workerUrl),
            jmx,
            Duration.ofSeconds(5),
            new ConnectAnalyzer(),
            new DebeziumMetricsAnalyzer(Duration.ofSeconds(60)),
            Clock.systemUTC())
        .functions()
        .forEach(f -> registry.register(ToolBinding.of(f)));
    return DeterministicPlanner.shipped(registry, Clock.systemUTC())
        .triage(
            new AlertSignal(
                Map.of("alertname", "KafkaConnectTaskFailed", "connector", CONNECTOR, "task", "0"),
                Map.of("summary", "Kafka Connect task " + CONNECTOR + "/0 failed")));
  }

  private String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** The live status with the task's state and trace replaced. */
  private void task(String connectorState, String taskState, String trace) throws IOException {
    ObjectNode status = (ObjectNode) Json.mapper().readTree(read("status.json"));
    ((ObjectNode) status.path("connector")).put("state", connectorState);
    ObjectNode task = (ObjectNode) status.path("tasks").get(0);
    task.put("state", taskState);
    if (trace == null) {
      task.remove("trace");
    } else {
      task.put("trace", trace);
    }
    bodies.put("/connectors/" + CONNECTOR + "/status", status.toString());
  }

  @Test
  void aTaskFailedOnADamagedBinlogNamesTheFirstBadEventTheRestartPositionAndTheOffset()
      throws IOException {
    Files.copy(LIVE.resolve(binlogName), binlogDir.resolve(binlogName));

    TriageReport report = triage(url());

    assertThat(report.runbook()).isEqualTo("cdc-connector-failed");
    assertThat(report.verdict().category()).isEqualTo(Category.BINLOG_CORRUPTION);
    Map<String, String> e = report.verdict().entities();
    assertThat(e)
        .containsEntry("connector", CONNECTOR)
        .containsEntry("worker", "cdc")
        .containsEntry("task", "0")
        .containsEntry("cause", "checksum-failure")
        .containsEntry("binlogFile", binlogDir.resolve(binlogName).toString())
        .containsKeys("binlogOffset", "restartPosition", "connectorGtids", "damage");
    String[] offset = e.get("connectorOffset").split(":");
    assertThat(offset[0]).isEqualTo(binlogName);
    // the connector stopped after its committed position; the damage is after both
    long committed = Long.parseLong(offset[1]);
    long restart = Long.parseLong(e.get("restartPosition"));
    long bad = Long.parseLong(e.get("binlogOffset"));
    assertThat(restart).isGreaterThanOrEqualTo(committed).isLessThan(bad);
    assertThat(e.get("affectedTables")).contains("shop.orders");
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("Do not restart the connector as it is"));
    assertThat(report.evidenceCodes()).contains("cdc.task.failed", e.get("damage"));
    // not a restart, which re-reads the damaged event: a move past it, with a snapshot of what the
    // damage cut
    assertThat(report.verdict().proposals()).hasSize(1);
    ProposedAction resume = report.verdict().proposals().get(0);
    assertThat(resume.action()).isEqualTo("cdc.resume_after_damage");
    assertThat(resume.tier()).isEqualTo(RiskTier.DESTRUCTIVE);
    assertThat(resume.args())
        .containsEntry("worker", "cdc")
        .containsEntry("connector", CONNECTOR)
        .containsEntry("binlog", binlogDir.resolve(binlogName).toString())
        .containsEntry("snapshot", "shop.orders");
    assertThat(resume.missing()).isEmpty();
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("approve the proposed cdc.resume_after_damage"));
  }

  @Test
  void theSameFailureOnAFileThatVerifiesIntactSaysTheTaskMayBeRestarted() throws IOException {
    Files.copy(CLEAN, binlogDir.resolve(binlogName));

    TriageReport report = triage(url());

    assertThat(report.verdict().category()).isEqualTo(Category.JOB_NOT_RUNNING);
    assertThat(report.verdict().headline()).contains("verifies intact");
    assertThat(report.verdict().nextActions())
        .anySatisfy(a -> assertThat(a).contains("/connectors/" + CONNECTOR + "/tasks/0/restart"));
    assertThat(report.verdict().proposals()).hasSize(1);
    ProposedAction restart = report.verdict().proposals().get(0);
    assertThat(restart.action()).isEqualTo("cdc.restart_connector");
    assertThat(restart.tier()).isEqualTo(RiskTier.REVERSIBLE);
    assertThat(restart.args())
        .containsEntry("worker", "cdc")
        .containsEntry("connector", CONNECTOR)
        .containsEntry("task", "0");
    assertThat(restart.missing()).isEmpty();
  }

  @Test
  void theSameFailureWithoutTheFileSaysSoAndKeepsTheConnectorsWord() {
    TriageReport report = triage(url());

    assertThat(report.verdict().category()).isEqualTo(Category.BINLOG_CORRUPTION);
    assertThat(report.verdict().confidence().name()).isEqualTo("MEDIUM");
    assertThat(report.verdict().headline()).contains("could not be verified");
    assertThat(report.verdict().entities()).containsEntry("binlogFile", binlogName);
  }

  @Test
  void aFailureThatIsNotAboutTheFilesBytesIsNotVerifiedAndNamesItsCause() throws IOException {
    task(
        "RUNNING",
        "FAILED",
        Files.readString(
            Path.of("../tools/src/test/resources/binlog/errors/duplicate-server-id.txt")));
    Files.copy(LIVE.resolve(binlogName), binlogDir.resolve(binlogName));

    TriageReport report = triage(url());

    assertThat(report.verdict().category()).isEqualTo(Category.JOB_NOT_RUNNING);
    assertThat(report.verdict().entities()).containsEntry("cause", "duplicate-server-id");
    assertThat(report.tools()).extracting(t -> t.tool()).containsExactly(CdcTools.STATUS);
  }

  @Test
  void aPausedConnectorIsNotStreamingAndARunningOneIsNoFault() throws IOException {
    task("PAUSED", "PAUSED", null);
    TriageReport paused = triage(url());
    task("RUNNING", "RUNNING", null);
    TriageReport running = triage(url());

    assertThat(paused.verdict().category()).isEqualTo(Category.JOB_NOT_RUNNING);
    assertThat(paused.verdict().entities()).containsEntry("state", "PAUSED");
    assertThat(running.verdict().category()).isEqualTo(Category.NO_FAULT);
    assertThat(running.verdict().entities().get("connectorOffset")).startsWith(binlogName + ":");
  }

  /** Debezium's streaming metrics as its MBean has them (the attributes the runbook reads). */
  public interface StreamingMXBean {
    boolean isConnected();

    long getMilliSecondsBehindSource();

    int getQueueRemainingCapacity();

    int getQueueTotalCapacity();

    String getBinlogFilename();

    long getBinlogPosition();
  }

  public static final class Streaming implements StreamingMXBean {
    private final boolean connected;
    private final long behindMs;
    private final int queueRemaining;

    Streaming(boolean connected, long behindMs, int queueRemaining) {
      this.connected = connected;
      this.behindMs = behindMs;
      this.queueRemaining = queueRemaining;
    }

    @Override
    public boolean isConnected() {
      return connected;
    }

    @Override
    public long getMilliSecondsBehindSource() {
      return behindMs;
    }

    @Override
    public int getQueueRemainingCapacity() {
      return queueRemaining;
    }

    @Override
    public int getQueueTotalCapacity() {
      return 8192;
    }

    @Override
    public String getBinlogFilename() {
      return "mysql-bin.000001";
    }

    @Override
    public long getBinlogPosition() {
      return 1886;
    }
  }

  /**
   * The runbook with the worker's JMX agent holding Debezium's streaming metrics {@code metrics}.
   */
  private TriageReport triageWithMetrics(Streaming metrics) throws Exception {
    try (JmxAgent agent =
        JmxAgent.start(
            Map.of(
                "debezium.mariadb:type=connector-metrics,context=streaming,server=sandbox",
                metrics))) {
      return triage(url(), Map.of("cdc", agent.address()));
    }
  }

  @Test
  void debeziumsMetricsTellARunningConnectorThatReadsNothingOrFallsBehindFromOneThatStreams()
      throws Exception {
    task("RUNNING", "RUNNING", null);

    TriageReport disconnected = triageWithMetrics(new Streaming(false, 400, 8192));
    TriageReport behind = triageWithMetrics(new Streaming(true, 300_000, 8192));
    TriageReport queueFull = triageWithMetrics(new Streaming(true, 900, 0));
    TriageReport streaming = triageWithMetrics(new Streaming(true, 900, 8192));

    assertThat(disconnected.verdict().category()).isEqualTo(Category.JOB_NOT_RUNNING);
    assertThat(disconnected.verdict().headline()).contains("not connected to the database");
    assertThat(disconnected.verdict().proposals())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.action()).isEqualTo("cdc.restart_connector");
              assertThat(p.args()).containsEntry("connector", CONNECTOR).doesNotContainKey("task");
            });
    assertThat(behind.verdict().proposals()).isEmpty();
    assertThat(behind.verdict().category()).isEqualTo(Category.SOURCE_LAG);
    assertThat(behind.verdict().headline()).contains("300 s behind the database");
    assertThat(behind.verdict().entities())
        .containsEntry("msBehindSource", "300000")
        .containsEntry("binlogFile", "mysql-bin.000001")
        .containsEntry("binlogPosition", "1886");
    assertThat(queueFull.verdict().category()).isEqualTo(Category.SOURCE_LAG);
    assertThat(queueFull.verdict().headline()).contains("queue").contains("full");
    assertThat(streaming.verdict().category()).isEqualTo(Category.NO_FAULT);
    assertThat(streaming.verdict().headline()).contains("connected and streaming");
    assertThat(streaming.verdict().entities()).containsEntry("msBehindSource", "900");
  }

  @Test
  void anAlertOnDebeziumsMetricsNamesTheServerAndTheConnectorIsFoundByItsTopicPrefix()
      throws Exception {
    task("RUNNING", "RUNNING", null);
    // GET /connectors?expand=info, as Connect answers it
    ObjectNode expanded = Json.mapper().createObjectNode();
    ObjectNode info = expanded.putObject(CONNECTOR).putObject("info");
    info.put("name", CONNECTOR);
    info.set("config", Json.mapper().readTree(read("config.json")));
    info.put("type", "source");
    bodies.put("/connectors", expanded.toString());
    TriageReport report;
    try (JmxAgent agent =
        JmxAgent.start(
            Map.of(
                "debezium.mariadb:type=connector-metrics,context=streaming,server=sandbox",
                new Streaming(false, 400, 8192)))) {
      ToolRegistry registry = new ToolRegistry();
      new CdcTools(
              Map.of("cdc", url()),
              Map.of("cdc", agent.address()),
              Duration.ofSeconds(5),
              new ConnectAnalyzer(),
              new DebeziumMetricsAnalyzer(Duration.ofSeconds(60)),
              Clock.systemUTC())
          .functions()
          .forEach(f -> registry.register(ToolBinding.of(f)));
      // the labels of a rule on the JMX exporter's Debezium metrics: the server name, not the
      // connector's
      report =
          DeterministicPlanner.shipped(registry, Clock.systemUTC())
              .triage(
                  new AlertSignal(
                      Map.of(
                          "alertname", "DebeziumStreamingNotConnected",
                          "name", "sandbox",
                          "context", "streaming",
                          "plugin", "mariadb"),
                      Map.of("summary", "Debezium sandbox is not connected to its database")));
    }

    assertThat(report.runbook()).isEqualTo("cdc-connector-failed");
    assertThat(report.verdict().category()).isEqualTo(Category.JOB_NOT_RUNNING);
    assertThat(report.verdict().entities()).containsEntry("connector", CONNECTOR);
    assertThat(report.verdict().proposals())
        .singleElement()
        .satisfies(p -> assertThat(p.args()).containsEntry("connector", CONNECTOR));
    assertThat(report.tools().get(0).params())
        .containsEntry("asked", "sandbox")
        .containsEntry("matchedBy", "topic.prefix");

    // a name that is neither a connector nor a topic prefix is not found, naming both
    bodies.put("/connectors", "{}");
    TriageReport unknown = triage(url());
    bodies.remove("/connectors/" + CONNECTOR + "/status");
    TriageReport gone = triage(url());
    assertThat(unknown.verdict().category()).isEqualTo(Category.NO_FAULT);
    assertThat(gone.verdict().category()).isEqualTo(Category.NOT_FOUND);
    assertThat(gone.verdict().headline())
        .contains("no connector has topic.prefix 'orders-cdc' either");
  }

  @Test
  void aJmxThatDoesNotAnswerLeavesTheRestVerdict() throws IOException {
    task("RUNNING", "RUNNING", null);
    int closed;
    try (ServerSocket free = new ServerSocket(0)) {
      closed = free.getLocalPort();
    }
    TriageReport report = triage(url(), Map.of("cdc", "127.0.0.1:" + closed));

    assertThat(report.verdict().category()).isEqualTo(Category.NO_FAULT);
    assertThat(report.verdict().evidence()).isNotEmpty();
    assertThat(report.tools())
        .flatExtracting(t -> t.findings())
        .extracting(f -> f.code())
        .contains("cdc.connector.running", "cdc.metrics.unreachable");
  }

  @Test
  void anUnknownConnectorIsNotFoundAndADownWorkerIsAProbeFailure() throws IOException {
    bodies.remove("/connectors/" + CONNECTOR + "/status");
    TriageReport unknown = triage(url());
    int closed;
    try (ServerSocket free = new ServerSocket(0)) {
      closed = free.getLocalPort();
    }
    TriageReport down = triage("http://127.0.0.1:" + closed);

    assertThat(unknown.verdict().category()).isEqualTo(Category.NOT_FOUND);
    assertThat(unknown.verdict().headline()).contains(CONNECTOR + "/status");
    assertThat(down.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(down.verdict().headline()).contains("127.0.0.1:" + closed);
  }

  @Test
  void anAlertNamingOnlyTheConnectorPicksThisRunbook() {
    ToolRegistry registry = new ToolRegistry();
    DeterministicPlanner planner = DeterministicPlanner.shipped(registry, Clock.systemUTC());
    for (Map<String, String> labels :
        List.of(
            Map.of("alertname", "KafkaConnectTaskFailed", "connector", "mysql-orders"),
            Map.of("alertname", "DebeziumConnectorDown", "connector_name", "pg-orders"))) {
      assertThat(
              planner
                  .choose(new AlertSignal(labels, Map.of("summary", "connector failed")))
                  .map(r -> r.id()))
          .as("%s", labels)
          .contains("cdc-connector-failed");
    }
  }
}
