package dev.lakeops.cli.flink;

import dev.lakeops.cli.LakeopsCli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** The CLI's answers to bad arguments and to a cluster that is not there. */
class FlinkTriageCommandTest {

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return LakeopsCli.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
  }

  @Test
  void rejectsARestAddressThatIsNotHttp() {
    assertThat(run("flink", "triage", "--rest", "flink:8081", "--job", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("--rest").contains("flink:8081").doesNotContain("Exception");
  }

  @Test
  void requiresAJob() {
    assertThat(run("flink", "triage", "--rest", "http://127.0.0.1:8081")).isEqualTo(2);
    assertThat(err.toString()).contains("--job");
  }

  @Test
  void rejectsATimeoutThatIsNotADuration() {
    assertThat(run("flink", "triage", "--rest", "http://127.0.0.1:8081", "--job", "x", "--timeout", "soon")).isEqualTo(2);
    assertThat(err.toString()).contains("'soon' is not a duration");
  }

  @Test
  void reportsAnUnreachableClusterInTheReport() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }

    int exit = run("flink", "triage", "--rest", "http://127.0.0.1:" + port, "--job", "orders", "--timeout", "1s");

    assertThat(exit).isZero();
    assertThat(out.toString()).contains("PROBE_FAILED").contains("UNREACHABLE").contains("127.0.0.1:" + port);
  }

  @Test
  void rejectsAnUnknownCommand() {
    assertThat(run("flink", "untriage")).isEqualTo(2);
    assertThat(err.toString()).contains("untriage");
  }
}
