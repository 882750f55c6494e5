package dev.lakeops.eval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.LakeopsCli;
import dev.lakeops.eval.sandbox.MariaDbServer;
import dev.lakeops.tools.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code lakeops binlog server} against a live MariaDB: text and JSON reports, offsets, clear usage
 * errors.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BinlogServerCommandIT {

  private static final int PORT = 61303;
  private static final int CLOSED_PORT = 61397;

  private MariaDbServer server;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @BeforeAll
  void startServer() throws Exception {
    Path dir =
        Files.createTempDirectory(Files.createDirectories(Path.of("target", "mariadb")), "cli-it-");
    server = MariaDbServer.start(dir, PORT);
    // The CLI reads passwords from the environment only; this account has none, so no variable is
    // needed.
    server.execute(
        "CREATE USER 'monitor'@'%'",
        "GRANT BINLOG MONITOR ON *.* TO 'monitor'@'%'",
        "CREATE DATABASE d",
        "CREATE TABLE d.t (id INT PRIMARY KEY)",
        "INSERT INTO d.t VALUES (1)",
        "FLUSH BINARY LOGS");
  }

  @AfterAll
  void stopServer() throws Exception {
    if (server != null) {
      server.close();
      try (java.util.stream.Stream<Path> walk = Files.walk(server.dir())) {
        for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  private int run(String... args) {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    return LakeopsCli.commandLine()
        .setOut(new PrintWriter(out))
        .setErr(new PrintWriter(err))
        .execute(args);
  }

  @Test
  void printsTheServersBinlogState() {
    assertThat(run("binlog", "server", "--jdbc-url", server.jdbcUrl(), "--user", "monitor"))
        .isZero();

    assertThat(out.toString())
        .contains(
            "binlog.server.status",
            "OK",
            "binlog.server.binlogs",
            "binlog.server.ok",
            "mysql-bin.000001",
            "gtid_binlog_pos: 0-1-5"); // CREATE USER, GRANT, CREATE DATABASE, CREATE TABLE, INSERT
  }

  @Test
  void checksAStoredOffsetAndPrintsJson() throws Exception {
    assertThat(
            run(
                "binlog",
                "server",
                "--jdbc-url",
                server.jdbcUrl(),
                "--user",
                "monitor",
                "--offset",
                "mysql-bin.000001:99999",
                "--json"))
        .isZero();

    JsonNode report = Json.mapper().readTree(out.toString());
    assertThat(report.path("status").asText()).isEqualTo("OK");
    assertThat(report.path("params").path("offset").asText()).isEqualTo("mysql-bin.000001:99999");
    assertThat(report.path("findings").findValuesAsText("code"))
        .contains("binlog.server.offset-unknown");

    assertThat(
            run(
                "binlog",
                "server",
                "--jdbc-url",
                server.jdbcUrl(),
                "--user",
                "monitor",
                "--gtid",
                "0-1-2",
                "--json"))
        .isZero();
    assertThat(Json.mapper().readTree(out.toString()).path("findings").findValuesAsText("code"))
        .contains("binlog.server.ok");
  }

  @Test
  void anUnreachableServerExitsOneWithAOneLineError() {
    assertThat(
            run(
                "binlog",
                "server",
                "--jdbc-url",
                "jdbc:mariadb://127.0.0.1:" + CLOSED_PORT + "/",
                "--user",
                "monitor",
                "--timeout",
                "3s"))
        .isEqualTo(1);

    assertThat(out.toString())
        .contains("ERROR", "UNREACHABLE", Integer.toString(CLOSED_PORT))
        .doesNotContain("at org.");
  }

  @Test
  void badOptionsAreUsageErrorsNamingTheOption() {
    assertThat(
            run(
                "binlog",
                "server",
                "--jdbc-url",
                server.jdbcUrl(),
                "--user",
                "monitor",
                "--offset",
                "mysql-bin.000001"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--offset", "is not FILE:POS");

    assertThat(
            run(
                "binlog",
                "server",
                "--jdbc-url",
                server.jdbcUrl(),
                "--user",
                "monitor",
                "--password-env",
                "LAKEOPS_SURELY_UNSET_VARIABLE"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("LAKEOPS_SURELY_UNSET_VARIABLE is not set");

    assertThat(run("binlog", "server", "--jdbc-url", "jdbc:postgresql://x/", "--user", "monitor"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--jdbc-url", "jdbc:postgresql://x/");

    assertThat(
            run(
                "binlog",
                "server",
                "--jdbc-url",
                server.jdbcUrl(),
                "--user",
                "monitor",
                "--offset",
                "a.1:4",
                "--gtid",
                "0-1-1"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("not both");
  }
}
