package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.lakeops.tools.ProbeException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The HTTP client's handling of what a Flink REST endpoint (or a proxy in front of it) can answer.
 */
class FlinkRestClientTest {

  private HttpServer server;
  private volatile int status = 200;
  private volatile String body = "{}";
  private volatile String contentType = "application/json";
  private volatile long delayMillis = 0;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          try {
            Thread.sleep(delayMillis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", contentType);
          exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
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

  private FlinkRestClient client() {
    return new FlinkRestClient(
        "http://127.0.0.1:" + server.getAddress().getPort() + "/", Duration.ofSeconds(2));
  }

  @Test
  void readsJsonAnswers() {
    body = "{\"jobs\":[]}";
    assertThat(client().get("/v1/jobs/overview").path("jobs").isArray()).isTrue();
  }

  @Test
  void reportsNotFoundWithTheEndpoint() {
    status = 404;
    body = "{\"errors\":[\"Not found: /v1/jobs/abc\"]}";
    assertThatThrownBy(() -> client().get("/v1/jobs/abc"))
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ProbeException.Code.NOT_FOUND);
              assertThat(e.endpoint()).isEqualTo("GET /v1/jobs/abc");
            });
  }

  @Test
  void reportsALoginPageAsNotJson() {
    contentType = "text/html";
    body = "<html><body>Please log in</body></html>";
    assertThatThrownBy(() -> client().get("/v1/overview"))
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> assertThat(e.code()).isEqualTo(ProbeException.Code.BAD_RESPONSE))
        .hasMessageContaining("not JSON");
  }

  @Test
  void reportsInvalidJsonWithItsPosition() {
    body = "{\"jobs\": [";
    assertThatThrownBy(() -> client().get("/v1/jobs/overview"))
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> assertThat(e.code()).isEqualTo(ProbeException.Code.BAD_RESPONSE))
        .hasMessageContaining("line 1");
  }

  @Test
  void reportsRefusedCredentials() {
    status = 401;
    assertThatThrownBy(() -> client().get("/v1/overview"))
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> assertThat(e.code()).isEqualTo(ProbeException.Code.UNAUTHORIZED));
  }

  @Test
  void reportsServerErrorsWithTheirFirstLineOnly() {
    status = 500;
    body =
        "{\"errors\":[\"Internal server error.\",\"<Exception on server side:\\n"
            + "org.apache.flink.Boom\\n"
            + "\\tat x.y(Z.java:1)>\"]}";
    assertThatThrownBy(() -> client().get("/v1/overview"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("HTTP 500: Internal server error.")
        .hasMessageNotContaining("at x.y");
  }

  @Test
  void reportsTimeouts() {
    delayMillis = 1500;
    FlinkRestClient slow =
        new FlinkRestClient(
            "http://127.0.0.1:" + server.getAddress().getPort(), Duration.ofMillis(300));
    assertThatThrownBy(() -> slow.get("/v1/overview"))
        .isInstanceOfSatisfying(
            ProbeException.class, e -> assertThat(e.code()).isEqualTo(ProbeException.Code.TIMEOUT));
  }

  @Test
  void reportsAClosedPortAsUnreachable() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    FlinkRestClient closed = new FlinkRestClient("http://127.0.0.1:" + port, Duration.ofSeconds(1));
    assertThatThrownBy(() -> closed.get("/v1/overview"))
        .isInstanceOfSatisfying(
            ProbeException.class,
            e -> assertThat(e.code()).isEqualTo(ProbeException.Code.UNREACHABLE))
        .hasMessageContaining("127.0.0.1:" + port);
  }

  @Test
  void rejectsUrlsThatAreNotHttp() {
    assertThatThrownBy(() -> new FlinkRestClient("ftp://flink:8081", Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ftp://flink:8081");
    assertThatThrownBy(() -> new FlinkRestClient("not a url", Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> new FlinkRestClient("http://user:secret@flink:8081", Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("secret");
  }
}
