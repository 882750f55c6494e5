package dev.lakeops.runbooks.action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.cdc.JmxAgent;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code cdc.restart_connector} against a loopback worker speaking Kafka Connect's REST API: the
 * connector's status, config and offsets, and the restart endpoints, whose effect each test sets.
 * The live restart of a Debezium connector is in {@code DebeziumCdcIT}.
 */
class RestartConnectorActionTest {

  private static final String TRACE =
      "org.apache.kafka.connect.errors.ConnectException: An exception occurred in the change event"
          + " producer. This connector will be stopped.\n\tat io.debezium...";

  private HttpServer server;
  private final AtomicReference<String> connectorState = new AtomicReference<>("RUNNING");
  private final AtomicReference<String> taskState = new AtomicReference<>("FAILED");
  private final AtomicReference<String> afterRestart = new AtomicReference<>("RUNNING");
  private final AtomicReference<String> position = new AtomicReference<>("1654");
  private final List<String> posts = new ArrayList<>();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getRawPath();
          String query = exchange.getRequestURI().getRawQuery();
          int status = 200;
          String body;
          if (exchange.getRequestMethod().equals("POST")) {
            posts.add(path + (query == null ? "" : "?" + query));
            taskState.set(afterRestart.get());
            status = 204;
            body = "";
          } else if (path.equals("/")) {
            body = "{\"version\":\"4.1.2\",\"commit\":\"x\",\"kafka_cluster_id\":\"c\"}";
          } else if (path.equals("/connectors/orders-cdc/status")) {
            body =
                "{\"name\":\"orders-cdc\",\"connector\":{\"state\":\""
                    + connectorState.get()
                    + "\",\"worker_id\":\"127.0.0.1:8083\"},\"tasks\":[{\"id\":0,\"state\":\""
                    + taskState.get()
                    + "\",\"worker_id\":\"127.0.0.1:8083\""
                    + (taskState.get().equals("FAILED")
                        ? ",\"trace\":"
                            + com.fasterxml.jackson.databind.node.TextNode.valueOf(TRACE)
                        : "")
                    + "}],\"type\":\"source\"}";
          } else if (path.equals("/connectors/orders-cdc/config")) {
            body =
                "{\"connector.class\":\"io.debezium.connector.mariadb.MariaDbConnector\","
                    + "\"topic.prefix\":\"sandbox\",\"database.password\":\"secret\"}";
          } else if (path.equals("/connectors/orders-cdc/offsets")) {
            body =
                "{\"offsets\":[{\"partition\":{\"server\":\"sandbox\"},\"offset\":{\"file\":"
                    + "\"mysql-bin.000001\",\"pos\":"
                    + position.get()
                    + ",\"gtids\":\"0-1-6\"}}]}";
          } else {
            status = 404;
            body = "{\"error_code\":404,\"message\":\"Connector gone not found\"}";
          }
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
          if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(bytes);
            }
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private Action action(Map<String, String> args) {
    return action(args, Map.of());
  }

  private Action action(Map<String, String> args, Map<String, String> jmx) {
    ConfiguredTargets targets =
        new ConfiguredTargets(
            KafkaClusters.fromProperties(new java.util.Properties()),
            Map.of(),
            Duration.ofSeconds(5),
            Map.of(),
            null,
            Map.of("cdc", url()),
            jmx);
    return new Actions(targets)
        .create(ActionArgs.of(ActionKind.CDC_RESTART_CONNECTOR, args), Instant.EPOCH);
  }

  @Test
  void restartsTheFailedTaskNamedThroughItsConfiguredWorkerAndVerifiesItRuns() {
    Action action = action(Map.of("worker", "cdc", "connector", "orders-cdc", "task", "0"));

    Fingerprint before = action.fingerprint();
    Preview preview = action.preview();
    ActionOutcome outcome = action.execute(new ExecutionContext("p-1"));

    assertThat(before.values())
        .containsEntry("connector state", "RUNNING")
        .containsEntry("task 0 state", "FAILED")
        .containsEntry("task 0 failure", TRACE.lines().findFirst().orElseThrow())
        .containsEntry("committed offset", "mysql-bin.000001:1654 (GTIDs 0-1-6)");
    assertThat(preview.summary())
        .contains("restart task 0 of connector orders-cdc at " + url())
        .contains("task 0 FAILED")
        .contains("mysql-bin.000001:1654 (GTIDs 0-1-6)");
    assertThat(preview.items("tasks restarted")).containsExactly("orders-cdc/0: FAILED → RUNNING");
    assertThat(posts).containsExactly("/connectors/orders-cdc/tasks/0/restart");
    assertThat(outcome.items("tasks restarted")).containsExactly("orders-cdc/0: FAILED → RUNNING");
    assertThat(action.verify(outcome).status()).isEqualTo(Verification.Status.PASSED);
  }

  /** Debezium's streaming metric the verification reads. */
  public interface StreamingMXBean {
    boolean isConnected();
  }

  public static final class Streaming implements StreamingMXBean {
    private final boolean connected;

    Streaming(boolean connected) {
      this.connected = connected;
    }

    @Override
    public boolean isConnected() {
      return connected;
    }
  }

  @Test
  void withTheWorkersJmxTheVerificationAlsoReadsDebeziumsClientConnected() throws IOException {
    taskState.set("RUNNING");
    String mbean = "debezium.mariadb:type=connector-metrics,context=streaming,server=sandbox";
    Verification connected;
    try (JmxAgent agent = JmxAgent.start(Map.of(mbean, new Streaming(true)))) {
      Action action =
          action(
              Map.of("worker", "cdc", "connector", "orders-cdc"), Map.of("cdc", agent.address()));
      connected = action.verify(action.execute(new ExecutionContext("p-6")));
    }
    Verification stillDown;
    try (JmxAgent agent = JmxAgent.start(Map.of(mbean, new Streaming(false)))) {
      Action action =
          action(
              Map.of("worker", "cdc", "connector", "orders-cdc"), Map.of("cdc", agent.address()));
      stillDown = action.verify(action.execute(new ExecutionContext("p-7")));
    }

    assertThat(connected.status()).isEqualTo(Verification.Status.PASSED);
    assertThat(connected.checks())
        .anySatisfy(c -> assertThat(c).contains("binlog client of sandbox is connected"));
    assertThat(stillDown.status()).isEqualTo(Verification.Status.FAILED);
    assertThat(stillDown.checks()).anySatisfy(c -> assertThat(c).contains("Connected=false"));
  }

  @Test
  void withoutATaskTheConnectorIsRestartedWithAllItsTasks() {
    taskState.set("RUNNING");
    Action action = action(Map.of("worker", url(), "connector", "orders-cdc"));

    action.execute(new ExecutionContext("p-2"));

    assertThat(posts)
        .containsExactly("/connectors/orders-cdc/restart?includeTasks=true&onlyFailed=false");
  }

  @Test
  void aTaskThatFailsAgainIsAFailedExecutionNamingItsTraceAndTheVerificationFails() {
    afterRestart.set("FAILED");
    Action action = action(Map.of("worker", "cdc", "connector", "orders-cdc", "task", "0"));

    assertThatThrownBy(() -> action.execute(new ExecutionContext("p-3")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("FAILED again")
        .hasMessageContaining("ConnectException")
        .hasMessageContaining("mysql-bin.000001:1654");
    assertThat(posts).hasSize(1);
    assertThat(action.verify(new ActionOutcome("x", Map.of(), Map.of())).status())
        .isEqualTo(Verification.Status.FAILED);
  }

  @Test
  void theFingerprintChangesWhenTheConnectorMovedOnSinceTheProposal() {
    Action action = action(Map.of("worker", "cdc", "connector", "orders-cdc"));
    Fingerprint proposed = action.fingerprint();

    position.set("1886");

    assertThat(action.fingerprint()).isNotEqualTo(proposed);
  }

  @Test
  void aPausedOrStoppedConnectorIsRefusedAndNothingIsPosted() {
    connectorState.set("PAUSED");
    taskState.set("PAUSED");
    Action action = action(Map.of("worker", "cdc", "connector", "orders-cdc"));

    assertThatThrownBy(action::preview)
        .isInstanceOf(ActionRefusedException.class)
        .hasMessageContaining("it is PAUSED")
        .hasMessageContaining("resume it instead");
    assertThatThrownBy(() -> action.execute(new ExecutionContext("p-4")))
        .isInstanceOf(ActionRefusedException.class);
    assertThat(posts).isEmpty();
  }

  @Test
  void aWorkerThatDoesNotAnswerFailsTheExecutionNamingIt() throws IOException {
    int closed;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
      closed = free.getLocalPort();
    }
    Action action =
        action(Map.of("worker", "http://127.0.0.1:" + closed, "connector", "orders-cdc"));

    assertThatThrownBy(() -> action.execute(new ExecutionContext("p-5")))
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ProbeException.Code.UNREACHABLE);
              assertThat(e.endpoint()).contains("127.0.0.1:" + closed);
            });
    assertThat(posts).isEmpty();
  }

  @Test
  void badArgumentsAreNamed() {
    assertThatThrownBy(
            () -> action(Map.of("worker", "cdc", "connector", "orders-cdc", "task", "first")))
        .isInstanceOf(ActionArgumentException.class)
        .hasMessageContaining("task")
        .hasMessageContaining("'first'");
    assertThatThrownBy(() -> action(Map.of("worker", "nope:8083", "connector", "orders-cdc")))
        .isInstanceOf(ActionArgumentException.class)
        .hasMessageContaining("worker");
    assertThatThrownBy(() -> action(Map.of("worker", "cdc")))
        .isInstanceOf(ActionArgumentException.class)
        .hasMessageContaining("connector");
    assertThatThrownBy(
            () -> action(Map.of("worker", "cdc", "connector", "orders-cdc", "task", "7")).preview())
        .isInstanceOf(ActionRefusedException.class)
        .hasMessageContaining("it has tasks [0]");
  }
}
