package dev.lakeops.tools.cdc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The probe against a loopback HTTP server that answers as a Kafka Connect worker does (bodies in
 * Connect's wire format), and against answers no worker gives.
 */
class ConnectProbeTest {

  private HttpServer server;
  private final Map<String, Answer> answers = new HashMap<>();

  record Answer(int status, String body) {}

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Answer a =
              answers.getOrDefault(
                  exchange.getRequestURI().getRawPath(),
                  new Answer(404, "{\"error_code\":404,\"message\":\"HTTP 404 Not Found\"}"));
          byte[] body = a.body().getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(a.status(), body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    answers.put(
        "/",
        new Answer(200, "{\"version\":\"4.1.2\",\"commit\":\"x\",\"kafka_cluster_id\":\"c\"}"));
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private ConnectProbe probe() {
    return new ConnectProbe(url(), Duration.ofSeconds(5), Clock.systemUTC());
  }

  private void healthyConnector(String name) {
    answers.put("/connectors", new Answer(200, "[\"" + name + "\"]"));
    answers.put(
        "/connectors/" + name + "/status",
        new Answer(
            200,
            "{\"name\":\""
                + name
                + "\",\"connector\":{\"state\":\"RUNNING\",\"worker_id\":\"127.0.0.1:8083\"},"
                + "\"tasks\":[{\"id\":0,\"state\":\"RUNNING\",\"worker_id\":\"127.0.0.1:8083\"}],"
                + "\"type\":\"source\"}"));
    answers.put(
        "/connectors/" + name + "/config",
        new Answer(
            200,
            "{\"connector.class\":\"io.debezium.connector.mariadb.MariaDbConnector\","
                + "\"database.password\":\"cdc-secret\",\"database.user\":\"cdc\",\"name\":\""
                + name
                + "\"}"));
    answers.put(
        "/connectors/" + name + "/offsets",
        new Answer(
            200,
            "{\"offsets\":[{\"partition\":{\"server\":\"sandbox\"},\"offset\":{\"file\":"
                + "\"mysql-bin.000001\",\"pos\":1234,\"gtids\":\"0-1-7\",\"row\":1,\"event\":2,"
                + "\"ts_sec\":1765000000}}]}"));
  }

  @Test
  void readsStatusConfigAndOffsetsOfEveryConnectorAndRedactsSecrets() {
    healthyConnector("orders-cdc");

    ConnectSnapshot s = probe().capture(null);

    assertThat(s.version()).isEqualTo("4.1.2");
    assertThat(s.connectors()).hasSize(1);
    ConnectSnapshot.Connector c = s.connectors().get(0);
    assertThat(c.state()).isEqualTo("RUNNING");
    assertThat(c.tasks()).extracting(ConnectSnapshot.Task::state).containsExactly("RUNNING");
    assertThat(c.config())
        .containsEntry("database.user", "cdc")
        .containsEntry("database.password", ConnectProbe.REDACTED);
    assertThat(c.offsets().get(0).offset())
        .containsEntry("file", "mysql-bin.000001")
        .containsEntry("pos", "1234")
        .containsEntry("gtids", "0-1-7");
    assertThat(s.sources())
        .contains(
            "GET " + url() + "/connectors", "GET " + url() + "/connectors/orders-cdc/offsets");
  }

  @Test
  void aWorkerWithoutTheOffsetsEndpointIsStillJudged() {
    healthyConnector("old");
    answers.remove("/connectors/old/offsets");

    ConnectSnapshot.Connector c = probe().capture("old").connectors().get(0);

    assertThat(c.offsets()).isEmpty();
    assertThat(c.offsetsError()).contains("/connectors/old/offsets").contains("404");
    assertThat(new ConnectAnalyzer().analyze(probe().capture("old")))
        .extracting(Finding::code)
        .containsExactly(ConnectAnalyzer.RUNNING, ConnectAnalyzer.OFFSET_UNAVAILABLE);
  }

  @Test
  void anUnknownConnectorIsNotFoundNamingItsUrl() {
    answers.put(
        "/connectors/nope/status",
        new Answer(404, "{\"error_code\":404,\"message\":\"No status found for connector nope\"}"));

    assertThatThrownBy(() -> probe().capture("nope"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining(url() + "/connectors/nope/status")
        .hasMessageContaining("No status found for connector nope")
        .extracting(e -> ((ProbeException) e).code())
        .isEqualTo(ProbeException.Code.NOT_FOUND);
    ToolReport report = tools().status(url(), "nope");
    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error()).contains("NOT_FOUND").contains(url() + "/connectors/nope/status");
  }

  @Test
  void anAnswerThatIsNotJsonIsABadResponseNamingTheUrl() {
    answers.put("/", new Answer(200, "<html><body>Sign in</body></html>"));

    assertThatThrownBy(() -> probe().capture(null))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining(url() + "/")
        .hasMessageContaining("not JSON")
        .hasMessageContaining("<html>");
    ToolReport report = tools().status(url(), null);
    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error()).startsWith("BAD_RESPONSE").doesNotContain("Exception");
  }

  @Test
  void aConnectorListThatIsNotAnArrayIsABadResponse() {
    answers.put("/connectors", new Answer(200, "{\"orders\":{}}"));

    assertThatThrownBy(() -> probe().capture(null))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining(url() + "/connectors")
        .hasMessageContaining("array");
  }

  @Test
  void anHttpErrorQuotesConnectsMessage() {
    answers.put(
        "/connectors", new Answer(500, "{\"error_code\":500,\"message\":\"Request timed out\"}"));

    assertThatThrownBy(() -> probe().capture(null))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("HTTP 500")
        .hasMessageContaining("Request timed out");
  }

  @Test
  void anUnreachableWorkerIsAFindingNamingItsUrl() throws IOException {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    String dead = "http://127.0.0.1:" + closed;

    assertThatThrownBy(
            () -> new ConnectProbe(dead, Duration.ofSeconds(2), Clock.systemUTC()).capture(null))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining(dead)
        .extracting(e -> ((ProbeException) e).code())
        .isEqualTo(ProbeException.Code.UNREACHABLE);
    ToolReport report = tools().status(dead, null);
    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(report.findings())
        .extracting(Finding::code)
        .containsExactly(ConnectAnalyzer.UNREACHABLE);
    assertThat(report.findings().get(0).evidence().get("message")).contains(dead);
    assertThat(report.findings().get(0).sources()).containsExactly("GET " + dead + "/");
  }

  @Test
  void aUrlThatIsNotOneIsRefusedNamingIt() {
    assertThatThrownBy(
            () -> new ConnectProbe("ftp://w:21", Duration.ofSeconds(1), Clock.systemUTC()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ftp://w:21");
    ToolReport report = tools().status("not a url", null);
    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error()).contains("not a url");
  }

  @Test
  void theDeclaredToolAnswersOnlyForConfiguredWorkers() {
    healthyConnector("orders-cdc");
    CdcTools tools =
        new CdcTools(
            Map.of("sandbox", url()),
            Duration.ofSeconds(5),
            new ConnectAnalyzer(),
            Clock.systemUTC());
    var function = tools.functions().get(0);

    ToolReport known =
        function.apply(
            dev.lakeops.tools.spec.ToolArgs.read(function.spec(), Map.of("worker", "sandbox")));
    ToolReport unknown =
        function.apply(
            dev.lakeops.tools.spec.ToolArgs.read(function.spec(), Map.of("worker", "other")));

    assertThat(known.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(known.findings()).extracting(Finding::code).contains(ConnectAnalyzer.RUNNING);
    assertThat(known.params()).containsEntry("worker", "sandbox").containsEntry("url", url());
    assertThat(unknown.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(unknown.error()).contains("other").contains("sandbox");
  }

  @Test
  void withoutAWorkerNameTheToolFindsTheWorkerThatRunsTheConnector() throws IOException {
    healthyConnector("orders-cdc");
    int closed;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
      closed = free.getLocalPort();
    }
    CdcTools tools =
        new CdcTools(
            Map.of("a-down", "http://127.0.0.1:" + closed, "b-up", url()),
            Duration.ofSeconds(5),
            new ConnectAnalyzer(),
            Clock.systemUTC());
    var function = tools.functions().get(0);

    ToolReport found =
        function.apply(
            dev.lakeops.tools.spec.ToolArgs.read(
                function.spec(), Map.of("connector", "orders-cdc")));
    // the connector is on no worker that answers: the one that does not may hold it
    ToolReport maybeOnTheDownOne =
        function.apply(
            dev.lakeops.tools.spec.ToolArgs.read(function.spec(), Map.of("connector", "gone")));
    var twoUp =
        new CdcTools(
                Map.of("b-up", url(), "c-up", url()),
                Duration.ofSeconds(5),
                new ConnectAnalyzer(),
                Clock.systemUTC())
            .functions()
            .get(0);
    ToolReport nowhere =
        twoUp.apply(
            dev.lakeops.tools.spec.ToolArgs.read(twoUp.spec(), Map.of("connector", "gone")));

    assertThat(found.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(found.params()).containsEntry("worker", "b-up");
    assertThat(found.findings()).extracting(Finding::code).contains(ConnectAnalyzer.RUNNING);
    assertThat(maybeOnTheDownOne.params()).containsEntry("worker", "a-down");
    assertThat(maybeOnTheDownOne.findings())
        .extracting(Finding::code)
        .containsExactly(ConnectAnalyzer.UNREACHABLE);
    assertThat(nowhere.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(nowhere.error()).contains("gone").contains("b-up").contains("c-up");
  }

  private static CdcTools tools() {
    return new CdcTools(Map.of(), Duration.ofSeconds(2), new ConnectAnalyzer(), Clock.systemUTC());
  }
}
