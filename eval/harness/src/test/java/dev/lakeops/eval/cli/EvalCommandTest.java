package dev.lakeops.eval.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.cli.LakeopsCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code lakeops eval} through the command line: its report, and its refusals of bad input. */
class EvalCommandTest {

  @TempDir Path dir;

  @Test
  void writesTheScoredReportForTheRunsAsked() throws Exception {
    Run r = run("eval", "--only", "kafka-no-fault*", "--out", dir.toString());

    assertThat(r.code).isZero();
    assertThat(r.out).contains("runs 7").contains("category accuracy 100.0 % (7/7)");
    assertThat(Files.readString(dir.resolve("report.md"))).contains("| no-fault | 7 | 7 |");
    assertThat(Files.readString(dir.resolve("report.html")))
        .contains("<svg")
        .contains("aria-label=\"confusion matrix\"");
    assertThat(Files.readString(dir.resolve("outcomes.json"))).contains("kafka-no-fault#injected");
    assertThat(dir.resolve("worlds")).isEmptyDirectory();
  }

  @Test
  void aFilterThatMatchesNothingIsRefusedNamingIt() {
    Run r = run("eval", "--only", "no-such-*", "--out", dir.toString());

    assertThat(r.code).isEqualTo(2);
    assertThat(r.err).contains("--only no-such-* matches no run");
  }

  @Test
  void aScenarioFileThatDoesNotReadIsNamedWithTheField() throws Exception {
    Path scenarios = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(
        scenarios.resolve("bad.yaml"),
        "id: x\nfamily: f\nworld: {}\nalerts: [{labels: {alertname: A}}]\ntruth: {category: 7x,"
            + " entities: [1]}\n",
        StandardCharsets.UTF_8);

    Run r = run("eval", "--scenarios", scenarios.toString(), "--out", dir.toString());

    assertThat(r.code).isEqualTo(2);
    assertThat(r.err).contains("--scenarios: bad.yaml: truth.entities");
  }

  @Test
  void aFaultTheWorldDoesNotKnowIsRefusedNamingTheRun() throws Exception {
    Path scenarios = Files.createDirectories(dir.resolve("mine"));
    Files.writeString(
        scenarios.resolve("odd.yaml"),
        "id: odd\nfamily: f\nworld: {kafka: [{name: default, topics: [{name: t, partitions: 1,"
            + " rate: 1}]}]}\nfaults: [{kind: meteor}]\nalerts: [{labels: {alertname: A}}]\n"
            + "truth: {category: NO_FAULT}\n",
        StandardCharsets.UTF_8);

    Run r = run("eval", "--scenarios", scenarios.toString(), "--out", dir.toString());

    assertThat(r.code).isEqualTo(2);
    assertThat(r.err).contains("odd#a1: faults[0]: unknown fault kind 'meteor' (known:");
  }

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    CommandLine cli = LakeopsCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int code = cli.execute(args);
    return new Run(code, out.toString(), err.toString());
  }
}
