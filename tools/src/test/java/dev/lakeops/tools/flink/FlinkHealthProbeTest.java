package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Health probe + analyzers on answers recorded from a real Flink 2.3.0 MiniCluster (see
 * resources/flink/README.md).
 */
class FlinkHealthProbeTest {

  private static FlinkHealthSnapshot capture(String dir, String job) {
    return capture(new RecordedFlinkRest(dir), job);
  }

  private static FlinkHealthSnapshot capture(RecordedFlinkRest rest, String job) {
    return new FlinkHealthProbe(rest, Sampling.once(), Clock.systemUTC()).capture(job);
  }

  @Test
  void seesARestartLoopCausedByACommitConflict() {
    FlinkHealthSnapshot s = capture("2.3/restart-loop", "restart-loop");

    List<Finding> restarts = new RestartAnalyzer().analyze(s);
    List<Finding> exceptions = new ExceptionAnalyzer().analyze(s);

    assertThat(restarts).extracting(Finding::code).containsExactly("flink.restart.loop");
    assertThat(restarts.get(0).severity()).isEqualTo(Severity.CRITICAL);
    assertThat(restarts.get(0).evidence())
        .containsEntry("numRestarts", "18")
        .containsEntry("failingTask", "lake-committer: Writer");
    assertThat(exceptions)
        .extracting(Finding::code)
        .containsExactly("flink.exception.commit-conflict");
    assertThat(exceptions.get(0).evidence())
        .containsEntry("vertex", "lake-committer: Writer")
        .containsEntry("cause", "commit-conflict");
    assertThat(s.failures()).isEmpty();
  }

  @Test
  void seesNoRestartsInAHealthyJob() {
    FlinkHealthSnapshot s = capture("2.3/healthy-checkpointing", "healthy");

    assertThat(new RestartAnalyzer().analyze(s))
        .extracting(Finding::code)
        .containsExactly("flink.restart.none");
    assertThat(new ExceptionAnalyzer().analyze(s))
        .extracting(Finding::code)
        .containsExactly("flink.exception.none");
    assertThat(new CheckpointAnalyzer().analyze(s))
        .extracting(Finding::code)
        .containsExactly("flink.checkpoint.healthy");
  }

  @Test
  void seesCheckpointTimeoutsAndTheVerticesThatHaveNotAcknowledged() {
    FlinkHealthSnapshot s = capture("2.3/checkpoint-timeout", "checkpoint-timeout");

    List<Finding> findings = new CheckpointAnalyzer().analyze(s);

    assertThat(findings)
        .extracting(Finding::code)
        .contains("flink.checkpoint.timeout", "flink.checkpoint.stale")
        .doesNotContain("flink.checkpoint.healthy");
    Finding timeout =
        findings.stream()
            .filter(f -> f.code().equals("flink.checkpoint.timeout"))
            .findFirst()
            .orElseThrow();
    assertThat(timeout.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(timeout.evidence())
        .containsEntry("timeoutMs", "1000")
        .containsEntry("lastFailure", "Checkpoint expired before completing.")
        .containsEntry("firstPendingVertex", "parse");
    assertThat(timeout.evidence().get("pendingVertices"))
        .contains("'slow-validate'")
        .doesNotContain("Source");
  }

  @Test
  void judgesCheckpointsFailingBecauseTasksRestart() {
    FlinkHealthSnapshot s = capture("2.3/restart-loop", "restart-loop");

    assertThat(new CheckpointAnalyzer().analyze(s))
        .extracting(Finding::code)
        .contains("flink.checkpoint.failing")
        .doesNotContain("flink.checkpoint.timeout");
  }

  @Test
  void keepsTheOtherPartsWhenOneEndpointAnswersALoginPage() {
    RecordedFlinkRest rest =
        new RecordedFlinkRest("2.3/restart-loop")
            .once("/exceptions?maxExceptions=20", 200, "/flink/login-page.html");

    FlinkHealthSnapshot s = capture(rest, "restart-loop");

    assertThat(s.exceptions()).isNull();
    assertThat(s.metrics()).isNotNull();
    assertThat(s.checkpoints()).isNotNull();
    assertThat(s.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.code()).isEqualTo(ProbeException.Code.BAD_RESPONSE);
              assertThat(f.endpoint()).endsWith("/exceptions?maxExceptions=20");
            });
    List<Finding> endpoint = new EndpointFailureAnalyzer().analyze(s);
    assertThat(endpoint).extracting(Finding::code).containsExactly("flink.endpoint.bad-response");
    assertThat(endpoint.get(0).summary()).contains("/exceptions").contains("login page");
  }

  @Test
  void namesAnEndpointThatRefusesAccess() {
    RecordedFlinkRest rest =
        new RecordedFlinkRest("2.3/healthy-checkpointing")
            .once("/checkpoints", 401, "/flink/login-page.html");

    FlinkHealthSnapshot s = capture(rest, "healthy");

    assertThat(new EndpointFailureAnalyzer().analyze(s))
        .extracting(Finding::code)
        .containsExactly("flink.endpoint.unauthorized");
    assertThat(new RestartAnalyzer().analyze(s))
        .extracting(Finding::code)
        .containsExactly("flink.restart.none");
  }

  @Test
  void readsAJobRecordedBeforeJobMetricsWereProbedWithoutFailingTheRest() {
    FlinkHealthSnapshot s = capture("1.20/healthy", "healthy-pipeline");

    assertThat(s.exceptions()).isEmpty();
    assertThat(s.checkpoints()).isNotNull();
    assertThat(s.failures())
        .extracting(EndpointFailure::code)
        .containsOnly(ProbeException.Code.NOT_FOUND);
  }

  @Test
  void readsSourceProgressAndWatermarks() {
    FlinkHealthSnapshot s = capture("2.3/checkpoint-timeout", "checkpoint-timeout");

    assertThat(s.sources())
        .singleElement()
        .satisfies(src -> assertThat(src.vertex().name()).isEqualTo("Source: events"));
    assertThat(s.watermarks()).hasSize(4).allMatch(w -> w.minWatermarkMillis() == null);
    assertThat(new SourceLagAnalyzer().analyze(s))
        .extracting(Finding::code)
        .doesNotContain("flink.source.lag", "flink.watermark.lag");
  }
}
