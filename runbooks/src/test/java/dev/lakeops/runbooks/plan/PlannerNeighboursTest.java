package dev.lakeops.runbooks.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.RouteReason;
import dev.lakeops.runbooks.RouteScore;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.runbooks.tool.ToolCatalog;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * When the runbooks for what the alert claims find nothing wrong, the runbooks of the same hop run
 * for the same entity, and a fault they find is the verdict: the shipped Flink runbooks over
 * recorded tool reports.
 */
class PlannerNeighboursTest {

  /** A restart alert, read from its rule's expression. */
  private static final AlertSignal RESTARTS =
      new AlertSignal(
          Map.of("alertname", "FlinkJobRestarting", "job_name", "orders"),
          Map.of(),
          "http://p/graph?g0.expr=increase(flink_jobmanager_job_numRestarts%5B10m%5D)+%3E+2",
          null);

  private static final Finding NO_RESTARTS = f(Severity.OK, "flink.restart.none", Map.of());
  private static final Finding NO_EXCEPTION = f(Severity.OK, "flink.exception.none", Map.of());
  private static final Finding BOTTLENECK =
      f(
          Severity.CRITICAL,
          "flink.backpressure.bottleneck",
          Map.of("vertex", "enrich-orders", "vertexId", "v2"));
  private static final Finding NO_BACKPRESSURE =
      f(Severity.OK, "flink.backpressure.none", Map.of());
  private static final Finding CHECKPOINTS_HEALTHY =
      f(Severity.OK, "flink.checkpoint.healthy", Map.of());
  private static final Finding SOURCES_OK = f(Severity.OK, "flink.source.ok", Map.of());

  private final List<String> called = new ArrayList<>();

  private static Finding f(Severity s, String code, Map<String, String> evidence) {
    return new Finding(s, code, "job orders", code + " summary.", evidence, List.of());
  }

  /** Each Flink tool answers its recorded findings for the job. */
  private ToolRegistry flink(Map<String, List<Finding>> byTool) {
    ToolCatalog catalog = ToolCatalog.lakeops();
    ToolRegistry tools = new ToolRegistry();
    for (String tool :
        List.of(
            "flink.job",
            "flink.health",
            "flink.backpressure",
            "flink.checkpoints",
            "flink.source-lag")) {
      tools.register(
          new ToolBinding(
              catalog.find(tool).orElseThrow(),
              args -> {
                called.add(tool);
                Map<String, String> params = new LinkedHashMap<>(args.given());
                params.putIfAbsent("cluster", "default");
                return new ToolReport(
                    ToolReport.Status.OK, tool, params, byTool.getOrDefault(tool, List.of()), null);
              }));
    }
    return tools;
  }

  private static Map<String, List<Finding>> healthyJobWith(Finding backpressure) {
    return Map.of(
        "flink.job", List.of(NO_RESTARTS, NO_EXCEPTION),
        "flink.health", List.of(NO_RESTARTS, CHECKPOINTS_HEALTHY, SOURCES_OK),
        "flink.backpressure", List.of(backpressure),
        "flink.checkpoints", List.of(CHECKPOINTS_HEALTHY),
        "flink.source-lag", List.of(SOURCES_OK));
  }

  private static DeterministicPlanner planner(ToolRegistry tools) {
    return DeterministicPlanner.shipped(tools, Clock.systemUTC());
  }

  @Test
  void aRestartAlertOnABackpressuredJobIsBackpressureAndTheClaimIsNotConfirmed() {
    TriageReport report = planner(flink(healthyJobWith(BOTTLENECK))).triage(RESTARTS);

    assertThat(report.verdict().category())
        .as(report.toMarkdown())
        .isEqualTo(Category.BACKPRESSURE);
    assertThat(report.verdict().entities()).containsEntry("vertex", "enrich-orders");
    assertThat(report.verdict().headline())
        .startsWith(
            "The alert's claim (flink.restarts) was not confirmed: The job runs without restarts."
                + " What is wrong: ")
        .contains("flink.backpressure.bottleneck summary.");
    assertThat(report.runbooksRun())
        .startsWith(report.runbook())
        .contains(
            "flink-restart-loop", "flink-backpressure", "flink-delay", "flink-checkpoint-failures");
    assertThat(report.routing().scores())
        .filteredOn(s -> s.runbook().equals("flink-backpressure"))
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.outcome()).isEqualTo(RouteScore.Outcome.RAN);
              assertThat(s.reasons())
                  .extracting(RouteReason::kind)
                  .containsExactly(RouteReason.Kind.HOP);
            });
    assertThat(report.toMarkdown())
        .contains("The alert's claim (flink.restarts) was not confirmed");
  }

  @Test
  void aHealthyJobIsNoFaultAnsweredByTheAlertsOwnRunbook() {
    TriageReport report = planner(flink(healthyJobWith(NO_BACKPRESSURE))).triage(RESTARTS);

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(report.runbook()).isEqualTo("flink-restart-loop");
    assertThat(report.verdict().headline())
        .isEqualTo(
            "The alert's claim (flink.restarts) was not confirmed: The job runs without restarts.");
    assertThat(report.others())
        .extracting(TriageReport::runbook)
        .contains("flink-backpressure", "flink-delay", "flink-checkpoint-failures");
    assertThat(report.others())
        .allSatisfy(o -> assertThat(o.verdict().category()).isEqualTo(Category.NO_FAULT));
  }

  @Test
  void aConfirmedClaimRunsNoNeighbours() {
    Map<String, List<Finding>> looping = new LinkedHashMap<>(healthyJobWith(BOTTLENECK));
    looping.put(
        "flink.job",
        List.of(
            f(Severity.CRITICAL, "flink.restart.loop", Map.of("jobId", "a".repeat(32))),
            f(Severity.CRITICAL, "flink.exception.oom", Map.of("cause", "oom"))));

    TriageReport report = planner(flink(looping)).triage(RESTARTS);

    assertThat(report.verdict().category()).isEqualTo(Category.RESTART_LOOP);
    assertThat(report.runbooksRun()).containsExactly("flink-restart-loop");
    assertThat(report.verdict().headline()).doesNotContain("not confirmed");
    assertThat(called).doesNotContain("flink.backpressure");
  }

  @Test
  void aJobThatIsNotFoundRunsNoNeighbours() {
    ToolRegistry tools = new ToolRegistry();
    ToolCatalog catalog = ToolCatalog.lakeops();
    for (String tool :
        List.of(
            "flink.job",
            "flink.health",
            "flink.backpressure",
            "flink.checkpoints",
            "flink.source-lag")) {
      tools.register(
          new ToolBinding(
              catalog.find(tool).orElseThrow(),
              args -> {
                called.add(tool);
                return new ToolReport(
                    ToolReport.Status.NO_DATA,
                    tool,
                    args.given(),
                    List.of(),
                    "no job named 'orders' on cluster default");
              }));
    }

    TriageReport report = planner(tools).triage(RESTARTS);

    assertThat(report.verdict().category()).isEqualTo(Category.NOT_FOUND);
    assertThat(report.runbooksRun()).containsExactly("flink-restart-loop");
    assertThat(called).containsExactly("flink.job");
  }

  @Test
  void aPinnedRunbookRunsWithoutNeighbours() {
    ToolRegistry tools = flink(healthyJobWith(BOTTLENECK));
    DeterministicPlanner pinned =
        DeterministicPlanner.shipped(
            tools,
            Clock.systemUTC(),
            AlertRouting.fromProperties(
                Map.of("lakeops.alerts.rules.FlinkJobRestarting.runbook", "flink-restart-loop")),
            dev.lakeops.runbooks.route.TextSimilarity.NONE,
            dev.lakeops.runbooks.route.AlertExamples.NONE);

    TriageReport report = pinned.triage(RESTARTS);

    assertThat(report.runbooksRun()).containsExactly("flink-restart-loop");
    assertThat(report.verdict().category()).isEqualTo(Category.NO_FAULT);
  }

  /**
   * A lag alert (kafka-exporter's expression) on a group that keeps up, whose topic settings raise
   * {@code configCode}.
   */
  private TriageReport lagAlertWithConfigFinding(String configCode) {
    ToolCatalog catalog = ToolCatalog.lakeops();
    Map<String, List<Finding>> byTool =
        Map.of(
            "kafka.lag",
            List.of(f(Severity.OK, "kafka.lag.ok", Map.of())),
            "kafka.configs",
            List.of(f(Severity.WARN, configCode, Map.of("topic", "orders"))));
    ToolRegistry tools = new ToolRegistry();
    for (String tool : List.of("kafka.lag", "kafka.configs")) {
      tools.register(
          new ToolBinding(
              catalog.find(tool).orElseThrow(),
              args ->
                  new ToolReport(
                      ToolReport.Status.OK, tool, args.given(), byTool.get(tool), null)));
    }
    AlertSignal lag =
        new AlertSignal(
            Map.of("alertname", "ConsumerLagHigh", "consumergroup", "sink", "topic", "orders"),
            Map.of(),
            "http://p/graph?g0.expr=sum(kafka_consumergroup_lag)+by+(consumergroup)+%3E+1000",
            null);
    return planner(tools).triage(lag);
  }

  @Test
  void aLagAlertOnAGroupThatKeepsUpButRisksLossIsDataLoss() {
    TriageReport report = lagAlertWithConfigFinding("kafka.config.retention-shorter-than-lag");

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.DATA_LOSS);
    assertThat(report.runbook()).isEqualTo("kafka-loss");
    assertThat(report.verdict().headline())
        .startsWith("The alert's claim (kafka.lag) was not confirmed: ")
        .contains(" What is wrong: ");
    assertThat(report.others()).extracting(TriageReport::runbook).contains("kafka-lag");
  }

  @Test
  void aSettingThatAllowsLossOnAGroupThatKeepsUpIsNoFault() {
    TriageReport report = lagAlertWithConfigFinding("kafka.config.single-replica");

    assertThat(report.verdict().category()).as(report.toMarkdown()).isEqualTo(Category.NO_FAULT);
    assertThat(report.others())
        .filteredOn(o -> o.runbook().equals("kafka-loss"))
        .singleElement()
        .satisfies(
            loss -> {
              assertThat(loss.verdict().category()).isEqualTo(Category.NO_FAULT);
              assertThat(loss.verdict().headline()).contains("the configuration allows it");
            });
  }
}
