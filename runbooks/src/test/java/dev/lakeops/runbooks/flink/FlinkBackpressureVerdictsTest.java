package dev.lakeops.runbooks.flink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.runbooks.plan.GraphRunbook;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.runbooks.tool.ToolCatalog;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which verdict the shipped {@code flink-backpressure} runbook concludes from a combination of
 * Flink findings, first match wins. The tools answer with the given reports.
 */
class FlinkBackpressureVerdictsTest {

  private static Finding f(Severity severity, String code, Map<String, String> evidence) {
    return new Finding(severity, code, "flink job orders", code + " summary.", evidence, List.of());
  }

  private static ToolReport report(String tool, Finding... findings) {
    return new ToolReport(
        ToolReport.Status.OK, tool, Map.of("job", "orders"), List.of(findings), null);
  }

  private static final Finding BOTTLENECK =
      f(
          Severity.CRITICAL,
          "flink.backpressure.bottleneck",
          Map.of("vertex", "slow-validate", "vertexId", "v1"));
  private static final Finding NO_BACKPRESSURE =
      f(Severity.OK, "flink.backpressure.none", Map.of());

  private static TriageReport last;

  private static Verdict conclude(ToolReport backpressure, Finding... health) {
    ToolCatalog catalog = ToolCatalog.lakeops();
    ToolRegistry tools =
        new ToolRegistry()
            .register(
                new ToolBinding(
                    catalog.find("flink.backpressure").orElseThrow(), args -> backpressure))
            .register(
                new ToolBinding(
                    catalog.find("flink.health").orElseThrow(),
                    args -> report("flink.health", health)));
    last =
        GraphRunbook.shipped("flink-backpressure", tools, Clock.systemUTC())
            .run(
                new AlertSignal(
                    Map.of("alertname", "FlinkJobBackpressured", "job_name", "orders"), Map.of()));
    return last.verdict();
  }

  private static List<String> evidenceCodes() {
    return last.evidenceCodes();
  }

  @Test
  void putsARestartLoopFirstAndNamesItsCause() {
    Verdict v =
        conclude(
            report("flink.backpressure", BOTTLENECK),
            f(
                Severity.CRITICAL,
                "flink.restart.loop",
                Map.of("failingTask", "lake-committer: Writer")),
            f(
                Severity.CRITICAL,
                "flink.exception.commit-conflict",
                Map.of("cause", "commit-conflict")),
            f(Severity.CRITICAL, "flink.checkpoint.timeout", Map.of()));

    assertThat(v.category()).isEqualTo(Category.RESTART_LOOP);
    assertThat(v.entities())
        .containsEntry("vertex", "lake-committer: Writer")
        .containsEntry("cause", "commit-conflict");
    assertThat(evidenceCodes()).contains("flink.restart.loop", "flink.exception.commit-conflict");
    assertThat(v.evidence()).contains("health#1", "health#2");
    assertThat(v.nextActions().get(0)).contains("write-only");
  }

  @Test
  void blamesCheckpointTimeoutsOnTheBottleneckHoldingBarriersBack() {
    Verdict v =
        conclude(
            report("flink.backpressure", BOTTLENECK),
            f(
                Severity.CRITICAL,
                "flink.checkpoint.timeout",
                Map.of("firstPendingVertex", "parse", "lastExpiredId", "24")),
            f(Severity.OK, "flink.restart.none", Map.of()));

    assertThat(v.category()).isEqualTo(Category.CHECKPOINT_FAILURE);
    assertThat(v.entities())
        .containsEntry("vertex", "parse")
        .containsEntry("bottleneck", "slow-validate")
        .containsEntry("checkpoint", "24");
  }

  @Test
  void namesKeySkewAsTheCauseOfBackpressure() {
    Verdict v =
        conclude(
            report(
                "flink.backpressure",
                BOTTLENECK,
                f(Severity.WARN, "flink.backpressure.key-skew", Map.of("hotSubtasks", "1"))),
            f(Severity.OK, "flink.restart.none", Map.of()));

    assertThat(v.category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(v.entities())
        .containsEntry("vertex", "slow-validate")
        .containsEntry("cause", "key-skew")
        .containsEntry("hotSubtasks", "1");
  }

  @Test
  void callsLagWithoutBackpressureSourceLag() {
    Verdict v =
        conclude(
            report("flink.backpressure", NO_BACKPRESSURE),
            f(Severity.CRITICAL, "flink.source.lag", Map.of("vertex", "Source: orders")));

    assertThat(v.category()).isEqualTo(Category.SOURCE_LAG);
    assertThat(v.entities()).containsEntry("vertex", "Source: orders");
  }

  @Test
  void callsAStaleAlertAboutAHealthyJobAMonitoringArtefact() {
    Verdict v =
        conclude(
            report("flink.backpressure", NO_BACKPRESSURE),
            f(Severity.WARN, "flink.observation.artefact", Map.of("kind", "job-id-changed")),
            f(Severity.OK, "flink.restart.none", Map.of()));

    assertThat(v.category()).isEqualTo(Category.MONITORING_ARTEFACT);
    assertThat(v.entities()).containsEntry("artefact", "job-id-changed");
  }

  @Test
  void callsAHealthyJobHealthy() {
    Verdict v =
        conclude(
            report("flink.backpressure", NO_BACKPRESSURE),
            f(Severity.OK, "flink.restart.none", Map.of()),
            f(Severity.OK, "flink.checkpoint.healthy", Map.of()),
            f(Severity.OK, "flink.exception.none", Map.of()));

    assertThat(v.category()).isEqualTo(Category.NO_FAULT);
    assertThat(v.headline())
        .endsWith(
            "Also checked: no restart loop, the job runs, checkpoints complete, sources keep up.");
    assertThat(evidenceCodes())
        .containsExactly(
            "flink.backpressure.none", "flink.restart.none", "flink.checkpoint.healthy");
  }

  @Test
  void callsAJobThatIsDownNotRunningWithItsState() {
    Verdict v =
        conclude(
            report(
                "flink.backpressure",
                f(Severity.CRITICAL, "flink.job.not-running", Map.of("state", "FAILED"))),
            f(Severity.CRITICAL, "flink.exception.oom", Map.of("cause", "oom")));

    assertThat(v.category()).isEqualTo(Category.JOB_NOT_RUNNING);
    assertThat(v.entities()).containsEntry("state", "FAILED").containsEntry("job", "orders");
    assertThat(evidenceCodes()).containsExactly("flink.job.not-running", "flink.exception.oom");
  }

  @Test
  void givesTheCauseSpecificActionOnlyForThatCause() {
    Verdict v =
        conclude(
            report("flink.backpressure", NO_BACKPRESSURE),
            f(Severity.CRITICAL, "flink.restart.loop", Map.of("failingTask", "parse")),
            f(Severity.CRITICAL, "flink.exception.oom", Map.of("cause", "oom")));

    assertThat(v.nextActions()).anySatisfy(a -> assertThat(a).contains("TaskManager memory"));
    assertThat(v.nextActions()).noneSatisfy(a -> assertThat(a).contains("write-only"));
    assertThat(v.nextActions()).noneSatisfy(a -> assertThat(a).contains("Read the exception"));
  }

  @Test
  void saysInconclusiveWhenNothingSupportsAConclusion() {
    Verdict v =
        conclude(
            report("flink.backpressure", f(Severity.INFO, "flink.metrics.unavailable", Map.of())));

    assertThat(v.category()).isEqualTo(Category.INCONCLUSIVE);
    assertThat(v.headline()).isEqualTo("flink.metrics.unavailable summary.");
  }
}
