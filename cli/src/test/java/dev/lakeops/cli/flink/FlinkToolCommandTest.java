package dev.lakeops.cli.flink;

import dev.lakeops.cli.LakeopsCli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** The flink tool commands' answers to bad targets and to a cluster that is not there. */
class FlinkToolCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return LakeopsCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void namesTheConfigFileWhenAClusterIsNotConfigured() {
    assertThat(run("flink", "jobs", "--cluster", "eu")).isEqualTo(2);
    assertThat(err.toString()).contains("--cluster: no cluster 'eu'").contains("application.properties");
  }

  @Test
  void refusesBothAClusterAndAUrl() {
    assertThat(run("flink", "checkpoints", "--cluster", "eu", "--rest", "http://127.0.0.1:8081", "--job", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("--cluster and --rest");
  }

  @Test
  void requiresAJobForJobCommands() {
    assertThat(run("flink", "backpressure", "--rest", "http://127.0.0.1:8081")).isEqualTo(2);
    assertThat(err.toString()).contains("--job");
  }

  @Test
  void printsTheReportAndFailsWhenTheClusterIsUnreachable() throws IOException {
    int port = freePort();

    int exit = run("flink", "jobs", "--rest", "http://127.0.0.1:" + port, "--timeout", "1s", "--json");

    assertThat(exit).isEqualTo(1);
    assertThat(out.toString()).contains("\"status\":\"ERROR\"").contains("UNREACHABLE");
    assertThat(err.toString()).contains("127.0.0.1:" + port).doesNotContain("Exception");
  }

  @Test
  void printsAnUnreadableJobAsATextReport() throws IOException {
    int exit = run("flink", "job", "--rest", "http://127.0.0.1:" + freePort(), "--job", "orders", "--timeout", "1s");

    assertThat(exit).isEqualTo(1);
    assertThat(out.toString()).startsWith("flink.job [orders]: ERROR");
  }
}
