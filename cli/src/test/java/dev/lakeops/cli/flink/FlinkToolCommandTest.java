package dev.lakeops.cli.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.cli.CliRun;
import java.io.IOException;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** The flink tool commands' answers to bad targets and to a cluster that is not there. */
class FlinkToolCommandTest {

  private final CliRun cli = new CliRun();

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void namesTheConfigFileWhenAClusterIsNotConfigured() {
    assertThat(cli.run("flink", "jobs", "--cluster", "eu")).isEqualTo(2);
    assertThat(cli.err()).contains("--cluster: no cluster 'eu'").contains("application.properties");
  }

  @Test
  void refusesBothAClusterAndAUrl() {
    assertThat(
            cli.run(
                "flink",
                "checkpoints",
                "--cluster",
                "eu",
                "--rest",
                "http://127.0.0.1:8081",
                "--job",
                "x"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--cluster and --rest");
  }

  @Test
  void refusesABlankJobName() {
    assertThat(cli.run("flink", "checkpoints", "--rest", "http://127.0.0.1:8081", "--job", " "))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--job: the job name is empty");
  }

  @Test
  void requiresAJobForJobCommands() {
    assertThat(cli.run("flink", "backpressure", "--rest", "http://127.0.0.1:8081")).isEqualTo(2);
    assertThat(cli.err()).contains("--job");
  }

  @Test
  void printsTheReportAndFailsWhenTheClusterIsUnreachable() throws IOException {
    int port = freePort();

    int exit =
        cli.run("flink", "jobs", "--rest", "http://127.0.0.1:" + port, "--timeout", "1s", "--json");

    assertThat(exit).isEqualTo(1);
    assertThat(cli.out()).contains("\"status\":\"ERROR\"").contains("UNREACHABLE");
    assertThat(cli.err()).contains("127.0.0.1:" + port).doesNotContain("Exception");
  }

  @Test
  void printsAnUnreadableJobAsATextReport() throws IOException {
    int exit =
        cli.run(
            "flink",
            "job",
            "--rest",
            "http://127.0.0.1:" + freePort(),
            "--job",
            "orders",
            "--timeout",
            "1s");

    assertThat(exit).isEqualTo(1);
    assertThat(cli.out()).startsWith("flink.job [orders]: ERROR");
  }
}
