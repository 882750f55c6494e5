package dev.lakeops.tools.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RestartAnalyzerTest {

  private static final String FAILURE =
      "java.lang.IllegalStateException: boom\n\tat x.Map.map(Map.java:1)";
  private final RestartAnalyzer analyzer = new RestartAnalyzer();

  @Test
  void callsThreeFailuresInTheWindowALoop() {
    Snapshots s =
        Snapshots.running()
            .metrics(Map.of(JobMetrics.NUM_RESTARTS, 7.0, JobMetrics.UPTIME, 2_000.0))
            .exception(FAILURE, 5_000, "enrich (1/2)")
            .exception(FAILURE, 65_000, "enrich (2/2)")
            .exception(FAILURE, 125_000, "enrich (1/2)");

    List<Finding> findings = analyzer.analyze(s.build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.restart.loop");
    assertThat(findings.get(0).evidence())
        .containsEntry("failuresInWindow", "3")
        .containsEntry("numRestarts", "7")
        .containsEntry("failingTask", "enrich");
  }

  @Test
  void countsTasksFailingTogetherAsOneFailover() {
    Snapshots s =
        Snapshots.running()
            .metrics(Map.of(JobMetrics.NUM_RESTARTS, 1.0, JobMetrics.UPTIME, 2_000.0))
            .exception(FAILURE, 5_000, "enrich (1/2)")
            .exception(FAILURE, 5_050, "enrich (2/2)")
            .exception(FAILURE, 5_100, "sink (1/2)");

    List<Finding> findings = analyzer.analyze(s.build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.restart.recent");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.WARN);
  }

  @Test
  void doesNotCallOldRestartsALoop() {
    Snapshots s =
        Snapshots.running()
            .metrics(Map.of(JobMetrics.NUM_RESTARTS, 50.0, JobMetrics.UPTIME, 86_400_000.0))
            .exception(FAILURE, 86_400_000, "enrich (1/2)")
            .exception(FAILURE, 86_500_000, "enrich (1/2)")
            .exception(FAILURE, 86_600_000, "enrich (1/2)");

    assertThat(analyzer.analyze(s.build()))
        .extracting(Finding::code)
        .containsExactly("flink.restart.none");
  }

  @Test
  void reportsAFailedJobAsNotRunning() {
    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running().state("FAILED").exception(FAILURE, 5_000, "enrich (1/2)").build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.job.not-running");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.CRITICAL);
  }

  @Test
  void namesAJobThatFailedWithoutRestartingByItsRootCause() throws Exception {
    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running()
                .state("FAILED")
                .metrics(Map.of(JobMetrics.NUM_RESTARTS, 0.0))
                .exceptions(ExceptionAnalyzerTest.failedWithoutRestart())
                .build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.job.not-running");
    Finding f = findings.get(0);
    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence())
        .containsEntry("state", "FAILED")
        .containsEntry("rootCauseClass", "java.io.IOException")
        .containsEntry("rootCause", ExceptionAnalyzerTest.ROOT);
    assertThat(f.summary()).contains(ExceptionAnalyzerTest.ROOT).doesNotContain("JobException");
  }

  @Test
  void doesNotCallAFailedJobThatNeverRestartedALoop() {
    Snapshots s =
        Snapshots.running()
            .state("FAILED")
            .metrics(Map.of(JobMetrics.NUM_RESTARTS, 0.0))
            .exception(FAILURE, 5_000, "enrich (1/2)")
            .exception(FAILURE, 65_000, "enrich (2/2)")
            .exception(FAILURE, 125_000, "sink (1/2)");

    assertThat(analyzer.analyze(s.build()))
        .extracting(Finding::code)
        .containsExactly("flink.job.not-running");
  }

  @Test
  void doesNotCallARunningJobWithNoRestartsALoop() {
    Snapshots s =
        Snapshots.running()
            .metrics(Map.of(JobMetrics.NUM_RESTARTS, 0.0, JobMetrics.UPTIME, 3_600_000.0))
            .exception(FAILURE, 5_000, "enrich (1/2)")
            .exception(FAILURE, 65_000, "enrich (2/2)")
            .exception(FAILURE, 125_000, "sink (1/2)");

    assertThat(analyzer.analyze(s.build()))
        .extracting(Finding::code)
        .doesNotContain("flink.restart.loop");
  }

  @Test
  void listsWhenEachFailoverOfTheWindowHappenedForATimeAxis() {
    Snapshots s =
        Snapshots.running()
            .metrics(Map.of(JobMetrics.NUM_RESTARTS, 7.0, JobMetrics.UPTIME, 2_000.0))
            .exception(FAILURE, 5_000, "enrich (1/2)")
            .exception(FAILURE, 5_050, "enrich (2/2)")
            .exception(FAILURE, 65_000, "enrich (2/2)")
            .exception(FAILURE, 125_000, "enrich (1/2)")
            .exception(FAILURE, 3_600_000, "enrich (1/2)");

    Finding f = analyzer.analyze(s.build()).get(0);

    assertThat(f.code()).isEqualTo("flink.restart.loop");
    assertThat(f.evidence())
        .containsEntry("failuresAgoMs", "5000,65000,125000")
        .containsEntry("windowMs", "600000");
  }

  @Test
  void listsNoFailureTimesForAJobThatDidNotFail() {
    assertThat(analyzer.analyze(Snapshots.running().build()).get(0).evidence())
        .doesNotContainKeys("failuresAgoMs", "windowMs");
  }
}
