package dev.lakeops.cli.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.cli.CliRun;
import java.io.IOException;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** The CLI's answers to bad arguments and to a cluster that is not there. */
class FlinkTriageCommandTest {

  private final CliRun cli = new CliRun();

  @Test
  void rejectsARestAddressThatIsNotHttp() {
    assertThat(cli.run("flink", "triage", "--rest", "flink:8081", "--job", "x")).isEqualTo(2);
    assertThat(cli.err()).contains("--rest").contains("flink:8081").doesNotContain("Exception");
  }

  @Test
  void requiresAJob() {
    assertThat(cli.run("flink", "triage", "--rest", "http://127.0.0.1:8081")).isEqualTo(2);
    assertThat(cli.err()).contains("--job");
  }

  @Test
  void rejectsATimeoutThatIsNotADuration() {
    assertThat(
            cli.run(
                "flink",
                "triage",
                "--rest",
                "http://127.0.0.1:8081",
                "--job",
                "x",
                "--timeout",
                "soon"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("'soon' is not a duration");
  }

  @Test
  void reportsAnUnreachableClusterInTheReport() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }

    int exit =
        cli.run(
            "flink",
            "triage",
            "--rest",
            "http://127.0.0.1:" + port,
            "--job",
            "orders",
            "--timeout",
            "1s");

    assertThat(exit).isZero();
    assertThat(cli.out())
        .contains("PROBE_FAILED")
        .contains("UNREACHABLE")
        .contains("127.0.0.1:" + port);
  }

  @Test
  void rejectsAnUnknownCommand() {
    assertThat(cli.run("flink", "untriage")).isEqualTo(2);
    assertThat(cli.err()).contains("untriage");
  }
}
