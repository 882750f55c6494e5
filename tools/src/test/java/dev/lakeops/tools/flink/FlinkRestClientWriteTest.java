package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** POST and PATCH of the job-control calls against a local HTTP server speaking Flink's answers. */
class FlinkRestClientWriteTest {

  private static final int PORT = 61690;
  private HttpServer server;
  private final List<String> requests = Collections.synchronizedList(new ArrayList<>());

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", PORT), 0);
    server.createContext(
        "/",
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " " + body);
          String path = exchange.getRequestURI().getPath();
          int status;
          String answer;
          if (path.endsWith("/stop")) {
            status = 202;
            answer = "{\"request-id\":\"abc\"}";
          } else if (path.endsWith("/conflict")) {
            status = 409;
            answer = "{\"errors\":[\"Job is not running\"]}";
          } else {
            status = 202;
            answer = "";
          }
          byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
          if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(bytes);
            }
          }
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private FlinkRestClient client() {
    return new FlinkRestClient("http://127.0.0.1:" + PORT, Duration.ofSeconds(5));
  }

  @Test
  void postsJsonAndReadsTheAnswer() {
    var body =
        Json.mapper().createObjectNode().put("targetDirectory", "file:///sp").put("drain", false);

    assertThat(client().post("/v1/jobs/j1/stop", body).path("request-id").asText())
        .isEqualTo("abc");
    assertThat(requests)
        .containsExactly(
            "POST /v1/jobs/j1/stop {\"targetDirectory\":\"file:///sp\",\"drain\":false}");
  }

  @Test
  void patchWithAnEmptyAnswerIsAnEmptyObject() {
    assertThat(client().patch("/v1/jobs/j1?mode=cancel").isEmpty()).isTrue();
    assertThat(requests).containsExactly("PATCH /v1/jobs/j1?mode=cancel ");
  }

  @Test
  void reportsFlinksErrorText() {
    assertThatThrownBy(() -> client().patch("/v1/jobs/j1/conflict"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("HTTP 409")
        .hasMessageContaining("Job is not running");
  }
}
