package dev.lakeops.runbooks.action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.plan.ResumePoint;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cdc.resume_after_damage} against a loopback worker speaking Kafka Connect's REST API, with
 * the status, config, offsets and binlog file captured from the sandbox's Debezium connector when
 * it failed on a flipped byte (WRITE_ROWS at 2083). The stop, offset and resume endpoints change
 * the worker's state as Connect's do. The live fix, with its snapshot, is in {@code SandboxCdcIT}.
 */
class ResumeAfterDamageActionTest {

  private static final Path LIVE = Path.of("src/test/resources/cdc/connect/task-failed-crc");
  private static final String BINLOG = "mysql-bin.000001";

  @TempDir Path dir;
  private HttpServer server;
  private Path binlog;
  private JsonNode status;
  private ObjectNode config;
  private final AtomicReference<String> state = new AtomicReference<>("FAILED");
  private final AtomicReference<String> offsets = new AtomicReference<>();
  private final List<String> calls = new ArrayList<>();
  private final AtomicReference<String> patched = new AtomicReference<>();

  @BeforeEach
  void start() throws IOException {
    binlog = Files.copy(LIVE.resolve(BINLOG), dir.resolve(BINLOG));
    status = Json.mapper().readTree(LIVE.resolve("status.json").toFile());
    config = (ObjectNode) Json.mapper().readTree(LIVE.resolve("config.json").toFile());
    offsets.set(Files.readString(LIVE.resolve("offsets.json")));
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String method = exchange.getRequestMethod();
          String path = exchange.getRequestURI().getRawPath();
          String request =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          int code = 200;
          String body;
          if (!method.equals("GET")) {
            calls.add(method + " " + path);
            switch (method + " " + path) {
              case "PUT /connectors/orders-cdc/stop" -> state.set("STOPPED");
              case "PUT /connectors/orders-cdc/resume" -> state.set("RUNNING");
              case "PATCH /connectors/orders-cdc/offsets" -> {
                patched.set(request);
                offsets.set(request);
              }
              default -> code = 404;
            }
            body = code == 404 ? "{\"error_code\":404,\"message\":\"no\"}" : "{\"message\":\"ok\"}";
          } else if (path.equals("/")) {
            body = Files.readString(LIVE.resolve("root.json"));
          } else if (path.equals("/connectors/orders-cdc/status")) {
            body = status();
          } else if (path.equals("/connectors/orders-cdc/config")) {
            body = config.toString();
          } else if (path.equals("/connectors/orders-cdc/offsets")) {
            body = offsets.get();
          } else {
            code = 404;
            body = "{\"error_code\":404,\"message\":\"Connector gone not found\"}";
          }
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(code, bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    server.start();
  }

  // Connect's answer: the captured FAILED task until the stop; a STOPPED connector has no tasks
  private String status() {
    ObjectNode s = status.deepCopy();
    switch (state.get()) {
      case "STOPPED" -> {
        ((ObjectNode) s.path("connector")).put("state", "STOPPED");
        s.putArray("tasks");
      }
      case "RUNNING" -> {
        ObjectNode task = (ObjectNode) s.path("tasks").path(0);
        task.put("state", "RUNNING");
        task.remove("trace");
      }
      default -> {}
    }
    return s.toString();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private Action action(String snapshot) {
    ConfiguredTargets targets =
        new ConfiguredTargets(
            KafkaClusters.fromProperties(new java.util.Properties()),
            Map.of(),
            Duration.ofSeconds(5),
            Map.of(),
            null,
            Map.of("cdc", "http://127.0.0.1:" + server.getAddress().getPort()),
            Map.of());
    Map<String, String> args = new HashMap<>();
    args.put("worker", "cdc");
    args.put("connector", "orders-cdc");
    args.put("binlog", binlog.toString());
    args.put("snapshot", snapshot);
    return new Actions(targets)
        .create(ActionArgs.of(ActionKind.CDC_RESUME_AFTER_DAMAGE, args), Instant.EPOCH);
  }

  // the captured trace is the server's own refusal (error 1236, did not pass crc check)
  private void traceFromTheClient() {
    ObjectNode task = (ObjectNode) status.path("tasks").path(0);
    task.put(
        "trace",
        "org.apache.kafka.connect.errors.ConnectException: An exception occurred\n"
            + "Caused by: com.github.shyiko.mysql.binlog.event.deserialization"
            + ".EventDataDeserializationException: Failed to deserialize data of EventHeaderV4");
  }

  @Test
  void theCapturedTraceIsTheServerRefusingTheDamagedEvent() {
    assertThat(status.toString()).contains("did not pass crc check").contains("1236");
  }

  @Test
  void withAServerThatVerifiesChecksumsItStartsTheConnectorAtTheNextFileFromItsGtidList()
      throws IOException {
    Path next = Files.copy(LIVE.resolve(BINLOG), dir.resolve("mysql-bin.000002"));
    String listed = ResumePoint.nextFile(binlog).gtidState();
    Action action = action("");

    Preview preview = action.preview();
    ActionOutcome outcome = action.execute(new ExecutionContext("p-1"));
    Verification verification = action.verify(outcome);

    assertThat(Files.exists(next)).isTrue();
    assertThat(preview.summary())
        .contains("mysql-bin.000001:1654 (GTIDs 0-1-6) to mysql-bin.000002:4 (GTIDs " + listed)
        .contains("no snapshot: the skipped changes stay missing downstream");
    assertThat(calls)
        .containsExactly(
            "PUT /connectors/orders-cdc/stop",
            "PATCH /connectors/orders-cdc/offsets",
            "PUT /connectors/orders-cdc/resume");
    JsonNode body = Json.mapper().readTree(patched.get());
    assertThat(body.path("offsets").path(0).path("partition").path("server").asText())
        .isEqualTo("sandbox");
    JsonNode offset = body.path("offsets").path(0).path("offset");
    assertThat(offset.path("file").asText()).isEqualTo("mysql-bin.000002");
    assertThat(offset.path("pos").asLong()).isEqualTo(4);
    assertThat(offset.path("gtids").asText()).isEqualTo(listed);
    assertThat(outcome.items("resume position")).containsExactly("mysql-bin.000002:4");
    assertThat(outcome.items("tables skipped")).contains("shop.orders");
    assertThat(verification.passed()).as(verification.checks().toString()).isTrue();
    assertThat(verification.checks())
        .anySatisfy(c -> assertThat(c).contains("committed offset at or after mysql-bin.000002:4"));
  }

  @Test
  void
      withAServerThatVerifiesChecksumsAndNoFileAfterTheDamagedOneItAsksForAFlushAndChangesNothing() {
    Action action = action("shop.orders");

    assertThatThrownBy(action::preview)
        .isInstanceOf(ActionRefusedException.class)
        .hasMessageContaining("FLUSH BINARY LOGS");
    assertThatThrownBy(() -> action.execute(new ExecutionContext("p-1")))
        .isInstanceOf(ActionRefusedException.class);
    assertThat(calls).isEmpty();
  }

  // the client found the damage: the server starts a GTID position past it inside the same file
  @Test
  void otherwiseItStartsInTheSameFileWithTheCutTransactionInTheGtidPosition() throws IOException {
    traceFromTheClient();
    BinlogVerdict verdict = BinlogTools.verdict(binlog);
    ResumePoint expected = ResumePoint.after(verdict, List.of());

    ActionOutcome outcome = action("").execute(new ExecutionContext("p-1"));

    JsonNode offset = Json.mapper().readTree(patched.get()).path("offsets").path(0).path("offset");
    assertThat(offset.path("file").asText()).isEqualTo(BINLOG);
    assertThat(offset.path("pos").asLong()).isEqualTo(expected.position()).isGreaterThan(2083);
    // the committed offset is 0-1-7's start, read up to its second event (GTIDs 0-1-6 before it);
    // 0-1-8 is the transaction the damage cut
    assertThat(verdict.openTransaction()).isEqualTo("0-1-8");
    assertThat(offset.path("gtids").asText()).isEqualTo("0-1-8");
    assertThat(outcome.figures()).containsEntry("transactions skipped", 1L);
  }

  @Test
  void refusesAConnectorWhoseOffsetIsAlreadyPastTheDamage() {
    offsets.set(offsets.get().replace("\"pos\":1654", "\"pos\":99999"));

    assertThatThrownBy(() -> action("").execute(new ExecutionContext("p-1")))
        .isInstanceOf(ActionRefusedException.class)
        .hasMessageContaining("mysql-bin.000001:99999")
        .hasMessageContaining("is not before the damage at mysql-bin.000001:2083");
    assertThat(calls).isEmpty();
  }

  // a position that is not a number cannot be compared with the damage: refused as unreadable, not
  // as "past the damage"
  @Test
  void refusesAnOffsetWhoseBinlogPositionIsUnreadable() {
    offsets.set(offsets.get().replace("\"pos\":1654", "\"pos\":\"soon\""));

    assertThatThrownBy(() -> action("").execute(new ExecutionContext("p-1")))
        .isInstanceOf(ActionRefusedException.class)
        .hasMessageContaining("no readable binlog position ('pos')")
        .hasMessageNotContaining("is not before the damage");
    assertThat(calls).isEmpty();
  }

  @Test
  void refusesAMysqlGtidSetItCannotMove() {
    traceFromTheClient();
    offsets.set(offsets.get().replace("\"0-1-6\"", "\"3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5\""));

    assertThatThrownBy(() -> action("").preview())
        .isInstanceOf(ActionRefusedException.class)
        .hasMessageContaining("MySQL GTID set");
  }

  @Test
  void refusesASnapshotWithoutTheConnectorsKafkaSignalChannel() throws IOException {
    Files.copy(LIVE.resolve(BINLOG), dir.resolve("mysql-bin.000002"));

    assertThatThrownBy(() -> action("shop.orders").preview())
        .isInstanceOf(ActionRefusedException.class)
        .hasMessageContaining("signal.enabled.channels with kafka")
        .hasMessageContaining("signal.kafka.topic")
        .hasMessageContaining("signal.data.collection");
  }

  @Test
  void refusesASnapshotThatLeavesATableTheStartSkipsOut() throws IOException {
    Files.copy(LIVE.resolve(BINLOG), dir.resolve("mysql-bin.000002"));
    config.put("signal.enabled.channels", "source,kafka");
    config.put("signal.kafka.topic", "sandbox.signals");
    config.put("signal.kafka.bootstrap.servers", "127.0.0.1:9");
    config.put("signal.data.collection", "shop.debezium_signal");

    assertThatThrownBy(() -> action("shop.payments").preview())
        .isInstanceOf(ActionRefusedException.class)
        .hasMessageContaining("also skips changes to shop.orders")
        .hasMessageContaining("which the snapshot of shop.payments does not re-read");
  }

  @Test
  void namesABadSnapshotTableAndAMissingBinlogFile() {
    assertThatThrownBy(() -> action("orders"))
        .isInstanceOf(ActionArgumentException.class)
        .hasMessageContaining("snapshot")
        .hasMessageContaining("'orders' (expected DATABASE.TABLE");
    binlog = dir.resolve("mysql-bin.000404");
    assertThatThrownBy(() -> action(""))
        .isInstanceOf(ActionArgumentException.class)
        .hasMessageContaining("no binlog file at " + binlog);
  }
}
