package dev.lakeops.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.eval.sandbox.FlinkScenarios;
import dev.lakeops.eval.suite.LiveRunner;
import dev.lakeops.eval.suite.Outcome;
import dev.lakeops.eval.suite.Report;
import dev.lakeops.eval.suite.ScenarioFiles;
import dev.lakeops.eval.suite.Scores;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.GraphRunbook;
import dev.lakeops.runbooks.tool.FlinkBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.flink.Sampling;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Flink conditions lakeops must recognise, each in a real job of one shared MiniCluster (its
 * own JVM): key skew, a CPU-heavy operator, checkpoints that time out, a restart loop, and a
 * healthy control. Each test triages its job as the agent would for an alert (the runbook, no LLM)
 * and checks the finding codes and the named vertices; the control must show no fault. The cluster
 * is shared with {@link PlannerFlinkIT} ({@link ScenarioCluster}); the scored live run goes last,
 * so the jobs' 45 s of age it needs pass while the other tests run.
 */
@ExtendWith(ScenarioCluster.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FlinkScenariosIT {

  private static final Logger LOG = LoggerFactory.getLogger(FlinkScenariosIT.class);
  private static final Duration SETTLE = Duration.ofSeconds(60);
  private static FlinkScenarios cluster;
  private static FlinkTools tools;
  private static GraphRunbook runbook;

  @BeforeAll
  static void start() {
    cluster = ScenarioCluster.cluster();
    tools =
        new FlinkTools(
            new FlinkJobProbe(
                new FlinkRestClient(cluster.flinkRestUrl(), Duration.ofSeconds(5)),
                Sampling.defaults(),
                Clock.systemUTC()),
            new BackpressureAnalyzer());
    runbook =
        GraphRunbook.shipped(
            "flink-backpressure",
            new ToolRegistry()
                .registerAll(
                    FlinkBindings.of(new FlinkClusters(Map.of("scenarios", tools), "scenarios"))),
            Clock.systemUTC());
  }

  /**
   * Triages until {@code done} holds (Flink's figures build up over seconds), then returns the last
   * report.
   */
  private static TriageReport triageUntil(String job, Predicate<TriageReport> done) {
    return triageUntil(
        job,
        done,
        Map.of("alertname", "FlinkJobDelayed", "job_name", job, "flink_cluster", "scenarios"));
  }

  private static TriageReport triageUntil(
      String job, Predicate<TriageReport> done, Map<String, String> labels) {
    AlertSignal alert = new AlertSignal(labels, Map.of("summary", "Flink job " + job + " is late"));
    return until(() -> runbook.run(alert), done, r -> r.verdict().category() + " " + codes(r));
  }

  private static <T> T until(
      Supplier<T> read, Predicate<T> done, java.util.function.Function<T, String> describe) {
    long deadline = System.nanoTime() + SETTLE.toNanos();
    T last = read.get();
    while (!done.test(last)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "not reached within " + SETTLE.toSeconds() + " s; last: " + describe.apply(last));
      }
      sleep();
      last = read.get();
    }
    return last;
  }

  private static List<String> codes(TriageReport r) {
    return r.tools().stream().flatMap(t -> t.findings().stream()).map(Finding::code).toList();
  }

  private static Finding finding(TriageReport r, String code) {
    return r.tools().stream()
        .flatMap(t -> t.findings().stream())
        .filter(f -> f.code().equals(code))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + code + " in " + codes(r)));
  }

  /**
   * The live Flink scenarios of {@code ./lakeops eval --live} on this cluster: every alert triaged
   * once, with the agent's tools and planner, after the jobs have run as long as an alert's {@code
   * for:} would let them (45 s), and scored against its truth.
   */
  @Test
  @Order(Integer.MAX_VALUE)
  void theLiveScenariosScoreAsTheirTruthSays() throws Exception {
    long waited = Duration.ofNanos(System.nanoTime() - ScenarioCluster.startedNanos()).toMillis();
    if (waited < 45_000) {
      Thread.sleep(45_000 - waited);
    }
    List<Outcome> outcomes =
        new LiveRunner(cluster.flinkRestUrl(), null, Map.of())
            .run(
                ScenarioFiles.runs(ScenarioFiles.shippedLive()).stream()
                    .filter(r -> r.scenario().live().flinkJob() != null)
                    .toList());
    Scores scores = Scores.of(outcomes);
    LOG.info("live eval: {}", new Report("live", scores, outcomes).summary());
    assertThat(outcomes).hasSize(20);
    assertThat(outcomes)
        .filteredOn(o -> !o.correct() || o.entitiesMissed() > 0)
        .extracting(o -> o.run() + ": " + o.actual() + " " + o.named() + " — " + o.headline())
        .isEmpty();
    assertThat(scores.violations()).isZero();
    assertThat(scores.evidenceValidity()).isEqualTo(1.0);
  }

  @Test
  void namesTheHotSubtaskWhenOneKeyCarriesMostRecords() {
    TriageReport r =
        triageUntil(FlinkScenarios.HOT_KEY, x -> codes(x).contains("flink.backpressure.key-skew"));

    assertThat(r.verdict().category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(r.verdict().entities())
        .containsEntry("vertex", "per-shop-total")
        .containsEntry("cause", "key-skew");
    Finding skew = finding(r, "flink.backpressure.key-skew");
    assertThat(skew.evidence().get("hotSubtasks")).matches("\\d");
    assertThat(Double.parseDouble(skew.evidence().get("busySkew"))).isGreaterThan(1.5);
    assertThat(codes(r)).doesNotContain("flink.backpressure.capacity", "flink.restart.loop");
    LOG.info("hot-key: {}", skew.evidence());
  }

  @Test
  void callsACpuHeavyOperatorWithEverySubtaskBusyACapacityBottleneck() {
    TriageReport r =
        triageUntil(
            FlinkScenarios.CPU_HEAVY, x -> codes(x).contains("flink.backpressure.capacity"));

    assertThat(r.verdict().category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(r.verdict().entities())
        .containsEntry("vertex", "score-orders")
        .containsEntry("cause", "capacity");
    assertThat(finding(r, "flink.backpressure.capacity").evidence())
        .containsEntry("role", "intermediate");
    assertThat(codes(r))
        .doesNotContain("flink.backpressure.key-skew", "flink.backpressure.slow-sink");
  }

  @Test
  void blamesCheckpointTimeoutsOnTheSlowOperatorHoldingBarriersBack() {
    TriageReport r =
        triageUntil(
            FlinkScenarios.CHECKPOINT_TIMEOUT,
            x ->
                x.verdict().category() == Category.CHECKPOINT_FAILURE
                    && x.verdict().entities().containsKey("bottleneck"));

    assertThat(codes(r)).contains("flink.checkpoint.timeout", "flink.backpressure.bottleneck");
    assertThat(r.verdict().entities()).containsEntry("bottleneck", "slow-validate");
    Finding timeout = finding(r, "flink.checkpoint.timeout");
    assertThat(timeout.evidence())
        .containsEntry("timeoutMs", "1000")
        .containsEntry("lastFailure", "Checkpoint expired before completing.");
    assertThat(timeout.evidence().get("pendingVertices")).contains("'slow-validate'");
    LOG.info("checkpoint-timeout: {}", timeout.evidence());
  }

  @Test
  void seesTheRestartLoopAndItsCommitConflict() {
    TriageReport r =
        triageUntil(
            FlinkScenarios.RESTART_LOOP, x -> x.verdict().category() == Category.RESTART_LOOP);

    assertThat(r.verdict().entities())
        .containsEntry("vertex", "lake-committer: Writer")
        .containsEntry("cause", "commit-conflict");
    assertThat(codes(r)).contains("flink.restart.loop", "flink.exception.commit-conflict");
    assertThat(Double.parseDouble(finding(r, "flink.restart.loop").evidence().get("numRestarts")))
        .isGreaterThanOrEqualTo(3);
    LOG.info("restart-loop: {}", finding(r, "flink.restart.loop").evidence());
  }

  @Test
  void findsNoFaultInTheHealthyControlJob() {
    TriageReport r =
        triageUntil(FlinkScenarios.HEALTHY, x -> codes(x).contains("flink.checkpoint.healthy"));

    assertThat(r.verdict().category()).isEqualTo(Category.NO_FAULT);
    assertThat(codes(r))
        .contains(
            "flink.backpressure.none",
            "flink.restart.none",
            "flink.exception.none",
            "flink.checkpoint.healthy");
    assertThat(r.tools())
        .allSatisfy(
            t -> {
              assertThat(t.status()).isEqualTo(ToolReport.Status.OK);
              assertThat(t.worst()).isLessThanOrEqualTo(Severity.INFO);
            });
  }

  @Test
  void callsAnAlertAboutARedeployedJobIdAMonitoringArtefact() {
    // The alert carries the id of a job that no longer runs; the job of that name is healthy.
    TriageReport r =
        triageUntil(
            FlinkScenarios.HEALTHY,
            x -> x.verdict().category() == Category.MONITORING_ARTEFACT,
            Map.of(
                "alertname",
                "FlinkJobDown",
                "job_id",
                "ffffffffffffffffffffffffffffffff",
                "job_name",
                FlinkScenarios.HEALTHY,
                "flink_cluster",
                "scenarios"));

    assertThat(r.verdict().entities()).containsEntry("artefact", "job-id-changed");
    assertThat(finding(r, "flink.observation.artefact").evidence())
        .containsEntry("currentJobId", cluster.jobId(FlinkScenarios.HEALTHY));
  }

  @Test
  void listsEveryScenarioJobFromTheCommandLine() throws Exception {
    StringWriter out = new StringWriter();

    int exit =
        dev.lakeops.cli.LakeopsCli.commandLine()
            .setOut(new PrintWriter(out))
            .execute("flink", "jobs", "--rest", cluster.flinkRestUrl(), "--json");

    assertThat(exit).isZero();
    JsonNode report = Json.mapper().readTree(out.toString());
    List<String> jobs = new java.util.ArrayList<>();
    report.path("findings").forEach(f -> jobs.add(f.path("evidence").path("job").asText()));
    assertThat(jobs).containsAll(FlinkScenarios.ALL);
  }

  @Test
  void printsCheckpointHealthFromTheCommandLine() throws Exception {
    StringWriter out = new StringWriter();
    int exit = -1;
    // Flink lists a failed checkpoint in its history a little after counting it: ask again
    // (bounded) until it does.
    java.time.Instant deadline = java.time.Instant.now().plusSeconds(60);
    while (true) {
      out = new StringWriter();
      exit =
          dev.lakeops.cli.LakeopsCli.commandLine()
              .setOut(new PrintWriter(out))
              .execute(
                  "flink",
                  "checkpoints",
                  "--rest",
                  cluster.flinkRestUrl(),
                  "--job",
                  FlinkScenarios.CHECKPOINT_TIMEOUT);
      if (out.toString().contains("flink.checkpoint.timeout")
          || java.time.Instant.now().isAfter(deadline)) {
        break;
      }
      sleep();
    }

    assertThat(exit).isZero();
    assertThat(out.toString())
        .contains("flink.checkpoints")
        .contains("flink.checkpoint.timeout")
        .contains("slow-validate");
  }

  private static void sleep() {
    try {
      Thread.sleep(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
