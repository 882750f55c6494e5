package dev.lakeops.cli.cdc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.lakeops.cli.CliRun;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code lakeops cdc status} against a loopback worker replaying a live Kafka Connect worker's
 * answers about a Debezium task that failed on a damaged binlog event.
 */
class CdcStatusCommandTest {

  private static final Path LIVE =
      Path.of("../runbooks/src/test/resources/cdc/connect/task-failed-crc");
  private HttpServer server;
  private final CliRun cli = new CliRun();

  @BeforeEach
  void replay() throws IOException {
    Map<String, byte[]> bodies = new HashMap<>();
    bodies.put("/", Files.readAllBytes(LIVE.resolve("root.json")));
    bodies.put("/connectors", "[\"orders-cdc\"]".getBytes());
    for (String part : new String[] {"status", "config", "offsets"}) {
      bodies.put(
          "/connectors/orders-cdc/" + part, Files.readAllBytes(LIVE.resolve(part + ".json")));
    }
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          byte[] body = bodies.get(exchange.getRequestURI().getRawPath());
          if (body == null) {
            body = "{\"error_code\":404,\"message\":\"Connector x not found\"}".getBytes();
            exchange.sendResponseHeaders(404, body.length);
          } else {
            exchange.sendResponseHeaders(200, body.length);
          }
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
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

  @Test
  void namesTheFailedTaskItsCauseAndItsBinlogOffset() throws IOException {
    assertThat(cli.run("cdc", "status", "--connect", url(), "--json")).isEqualTo(0);

    JsonNode report = cli.json();
    assertThat(report.path("status").asText()).isEqualTo("OK");
    JsonNode failed = null;
    for (JsonNode f : report.path("findings")) {
      if (f.path("code").asText().equals("cdc.task.failed")) {
        failed = f;
      }
    }
    assertThat(failed).as(report.toString()).isNotNull();
    assertThat(failed.path("evidence").path("category").asText()).isEqualTo("checksum-failure");
    assertThat(failed.path("evidence").path("binlogFile").asText()).startsWith("mysql-bin.");
    assertThat(failed.path("evidence").path("gtids").asText()).matches("\\d+-\\d+-\\d+");

    assertThat(cli.run("cdc", "status", "--connect", url(), "--connector", "orders-cdc"))
        .isEqualTo(0);
    assertThat(cli.out()).contains("cdc.task.failed", "checksum-failure", "cdc.offset.binlog");
  }

  @Test
  void anUnknownConnectorABadUrlAndADownWorkerAreNamedWithoutAStackTrace() throws IOException {
    assertThat(cli.run("cdc", "status", "--connect", url(), "--connector", "gone")).isEqualTo(0);
    assertThat(cli.out()).contains("NO_DATA", "/connectors/gone/status");

    assertThat(cli.run("cdc", "status", "--connect", "connect:8083")).isEqualTo(1);
    assertThat(cli.out() + cli.err())
        .contains("connect:8083", "http://")
        .doesNotContain("Exception");

    int closed;
    try (ServerSocket free = new ServerSocket(0)) {
      closed = free.getLocalPort();
    }
    assertThat(cli.run("cdc", "status", "--connect", "http://127.0.0.1:" + closed)).isEqualTo(0);
    assertThat(cli.out()).contains("cdc.worker.unreachable", "127.0.0.1:" + closed);
  }

  @Test
  void aJmxThatDoesNotAnswerIsAFindingBesideTheRestVerdictAndBadJmxOptionsAreNamed()
      throws IOException {
    int closed;
    try (ServerSocket free = new ServerSocket(0)) {
      closed = free.getLocalPort();
    }
    assertThat(
            cli.run(
                "cdc",
                "status",
                "--connect",
                url(),
                "--connector",
                "orders-cdc",
                "--jmx",
                "127.0.0.1:" + closed))
        .isEqualTo(0);
    assertThat(cli.out())
        .contains("cdc.task.failed", "cdc.metrics.unreachable", "127.0.0.1:" + closed + "/jmxrmi");

    assertThat(cli.run("cdc", "status", "--connect", url(), "--jmx", "http://connect:9999"))
        .isEqualTo(1);
    assertThat(cli.out() + cli.err())
        .contains("'http://connect:9999'", "HOST:PORT")
        .doesNotContain("Exception");

    assertThat(
            cli.run("cdc", "status", "--connect", url(), "--jmx", "127.0.0.1:1", "--behind", "0s"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--behind").doesNotContain("Exception");
  }
}
