package dev.lakeops.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.eval.sandbox.FlinkScenarios;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.StepRecord;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.FlinkBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.flink.Sampling;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The deterministic planner on Flink alerts against real jobs of one MiniCluster (its own JVM): the
 * alert's name picks the shipped runbook, which concludes with the right category and entities; the
 * healthy control job yields no fault under every runbook.
 */
@ExtendWith(ScenarioCluster.class)
class PlannerFlinkIT {

  private static final Duration SETTLE = Duration.ofSeconds(90);
  private static FlinkScenarios cluster;
  private static DeterministicPlanner planner;

  @BeforeAll
  static void start() {
    cluster = ScenarioCluster.cluster();
    FlinkTools tools =
        new FlinkTools(
            new FlinkJobProbe(
                new FlinkRestClient(cluster.flinkRestUrl(), Duration.ofSeconds(5)),
                Sampling.defaults(),
                Clock.systemUTC()),
            new BackpressureAnalyzer());
    ToolRegistry registry =
        new ToolRegistry()
            .registerAll(
                FlinkBindings.of(new FlinkClusters(Map.of("scenarios", tools), "scenarios")));
    planner = DeterministicPlanner.shipped(registry, Clock.systemUTC());
  }

  /**
   * Triages until {@code done} holds (Flink's figures build up over seconds); bounded by {@link
   * #SETTLE}.
   */
  private static TriageReport until(String alertname, String job, Predicate<TriageReport> done) {
    AlertSignal alert =
        new AlertSignal(
            Map.of("alertname", alertname, "job_name", job, "flink_cluster", "scenarios"),
            Map.of("summary", alertname + " for " + job));
    long deadline = System.nanoTime() + SETTLE.toNanos();
    TriageReport last = planner.triage(alert);
    while (!done.test(last)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "not reached within "
                + SETTLE.toSeconds()
                + " s; last: "
                + last.runbook()
                + " "
                + last.verdict().category()
                + " "
                + last.evidenceCodes()
                + "\n"
                + last.toMarkdown());
      }
      try {
        Thread.sleep(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
      last = planner.triage(alert);
    }
    return last;
  }

  @Test
  void namesTheCpuHeavyOperatorOfABackpressuredJob() {
    TriageReport r =
        until(
            "FlinkJobBackpressured",
            FlinkScenarios.CPU_HEAVY,
            x ->
                x.verdict().category() == Category.BACKPRESSURE
                    && "capacity".equals(x.verdict().entities().get("cause")));

    assertThat(r.runbook()).isEqualTo("flink-backpressure");
    assertThat(r.verdict().entities())
        .containsEntry("job", FlinkScenarios.CPU_HEAVY)
        .containsEntry("cluster", "scenarios")
        .containsEntry("vertex", "score-orders");
    assertThat(r.evidenceCodes())
        .contains("flink.backpressure.bottleneck", "flink.backpressure.capacity");
    assertThat(r.verdict().evidence()).allSatisfy(id -> assertThat(id).startsWith("backpressure#"));
    assertThat(r.verdict().window()).isNotNull();
  }

  @Test
  void findsNoBackpressureInTheHealthyControl() {
    TriageReport r =
        until(
            "FlinkJobBackpressured",
            FlinkScenarios.HEALTHY,
            x ->
                x.verdict().category() == Category.NO_FAULT
                    && x.evidenceCodes().contains("flink.checkpoint.healthy"));

    assertThat(r.evidenceCodes()).contains("flink.backpressure.none", "flink.restart.none");
  }

  @Test
  void seesTheRestartLoopAndProposesAStopWithSavepointWithoutRunningIt() {
    // The latest exception names its task only once Flink has attributed the failure; wait for
    // both. Until the job's restarts reach the loop threshold in the restart runbook's window, that
    // runbook finds no fault and the backpressure runbook of the same hop answers as a neighbour
    // (its health probe sees the loop too, without the stop proposal); wait for the alert's own.
    TriageReport r =
        until(
            "FlinkJobRestarting",
            FlinkScenarios.RESTART_LOOP,
            x ->
                x.verdict().category() == Category.RESTART_LOOP
                    && x.verdict().entities().containsKey("cause")
                    && x.verdict().entities().containsKey("vertex")
                    && "flink-restart-loop".equals(x.runbook()));

    assertThat(r.runbook()).isEqualTo("flink-restart-loop");
    assertThat(r.verdict().entities())
        .containsEntry("vertex", "lake-committer: Writer")
        .containsEntry("cause", "commit-conflict");
    ProposedAction stop = r.verdict().proposals().get(0);
    assertThat(stop.action()).isEqualTo("flink.stop_with_savepoint");
    assertThat(stop.args())
        .containsEntry("cluster", "scenarios")
        .containsEntry("job", cluster.jobId(FlinkScenarios.RESTART_LOOP));
    assertThat(stop.status()).isEqualTo("awaiting approval");
    assertThat(r.steps())
        .extracting(StepRecord::kind)
        .doesNotContain("approval", "action", "verify");
    // The job was not stopped: triaging again still finds it looping.
    assertThat(
            planner
                .triage(
                    new AlertSignal(
                        Map.of(
                            "alertname",
                            "FlinkJobRestarting",
                            "job_name",
                            FlinkScenarios.RESTART_LOOP,
                            "flink_cluster",
                            "scenarios"),
                        Map.of()))
                .verdict()
                .category())
        .isEqualTo(Category.RESTART_LOOP);
  }

  @Test
  void findsNoRestartFaultInTheHealthyControl() {
    TriageReport r =
        until(
            "FlinkJobRestarting",
            FlinkScenarios.HEALTHY,
            x -> x.verdict().category() == Category.NO_FAULT);

    assertThat(r.runbook()).isEqualTo("flink-restart-loop");
    assertThat(r.verdict().proposals()).isEmpty();
  }

  @Test
  void blamesCheckpointTimeoutsOnTheBottleneck() {
    TriageReport r =
        until(
            "FlinkCheckpointFailing",
            FlinkScenarios.CHECKPOINT_TIMEOUT,
            x ->
                x.verdict().category() == Category.CHECKPOINT_FAILURE
                    && x.verdict().entities().containsKey("bottleneck"));

    assertThat(r.runbook()).isEqualTo("flink-checkpoint-failures");
    assertThat(r.verdict().entities()).containsEntry("bottleneck", "slow-validate");
    assertThat(r.evidenceCodes())
        .contains("flink.checkpoint.timeout", "flink.backpressure.bottleneck");
  }

  @Test
  void findsTheDelayOfTheHealthyControlBeforeTheJob() {
    TriageReport r =
        until(
            "FlinkJobDelayed",
            FlinkScenarios.HEALTHY,
            x -> x.verdict().category() == Category.NO_FAULT);

    assertThat(r.runbook()).isEqualTo("flink-delay");
    assertThat(r.verdict().nextActions().get(0)).contains("Kafka");
  }
}
