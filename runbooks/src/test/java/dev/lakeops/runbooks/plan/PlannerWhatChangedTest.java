package dev.lakeops.runbooks.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.load.RunbookLoader;
import dev.lakeops.runbooks.route.AlertRouter;
import dev.lakeops.runbooks.tool.ChangeBindings;
import dev.lakeops.runbooks.tool.RecordedChangeRest;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.ChangeHistory;
import dev.lakeops.tools.change.ChangeSources;
import dev.lakeops.tools.change.ChangeToolSpecs;
import dev.lakeops.tools.change.ChangeTools;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ParamType;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import dev.lakeops.tools.table.TableLocator;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every triage says what changed before the alert, when the change probe is bound. */
class PlannerWhatChangedTest {

  /** Seven minutes after the recorded resubmission of {@code orders-to-lake} started. */
  private static final Instant STARTS_AT = Instant.parse("2026-12-01T22:01:58.830Z");

  private static final AlertSignal RESTARTS =
      new AlertSignal(
          Map.of("alertname", "FlinkJobRestarting", "job_name", "orders-to-lake"),
          Map.of("summary", "orders-to-lake keeps restarting"),
          null,
          null,
          STARTS_AT);

  private static final String RUNBOOK =
      "name: restarts\ndescription: restarts\nmatch: {signals: [flink.restarts]}\n"
          + "inputs:\n  job: {from: [flink.job], required: true}\nsteps:\n"
          + "  - id: look\n    probe: test.restarts\n    args: {job: \"${inputs.job}\"}\n"
          + "    output: r\n    next: done\n"
          + "  - id: done\n    end: {category: NO_FAULT, headline: \"No restarts.\","
          + " confidence: MEDIUM, evidence: [test.restarts.none]}\n";

  private static ToolBinding restarts() {
    return new ToolBinding(
        new ToolSpec(
            "test.restarts",
            "Counts restarts.",
            List.of(ToolParam.required("job", ParamType.STRING, "job")),
            FindingCodes.of("test.restarts.none")),
        a ->
            new ToolReport(
                ToolReport.Status.OK,
                "test.restarts",
                a.given(),
                List.of(
                    new Finding(
                        Severity.OK, "test.restarts.none", "job", "none", Map.of(), List.of())),
                null));
  }

  /** The real change probe over the second capture of the recorded redeploy. */
  private static ToolBinding recordedChanges() {
    FlinkClusters flink =
        FlinkClusters.single(
            new FlinkTools(
                new FlinkJobProbe(new RecordedChangeRest("redeploy", 1)),
                new BackpressureAnalyzer()));
    return ChangeBindings.of(
        new ChangeTools(
            new ChangeSources(flink, KafkaClusters.of(List.of()), TableLocator.local(null)),
            KafkaProbeOptions.defaults(),
            ChangeHistory.defaults(),
            Clock.systemUTC()));
  }

  private static DeterministicPlanner planner(ToolRegistry tools) {
    AlertRouter router = AlertRouter.builtIn();
    List<Runbook> runbooks =
        List.of(
            new GraphRunbook(
                new RunbookLoader(tools.catalog()).load("t.yaml", RUNBOOK),
                tools,
                Clock.systemUTC(),
                router));
    return new DeterministicPlanner(runbooks, Clock.systemUTC(), router, tools);
  }

  @Test
  void saysWhatChangedWithItsMinutesBeforeTheAlert() {
    ToolRegistry tools = new ToolRegistry().register(restarts()).register(recordedChanges());

    TriageReport report = planner(tools).triage(RESTARTS);

    assertThat(report.verdict().category()).isEqualTo(Category.NO_FAULT);
    assertThat(report.verdict().changes())
        .containsExactly(
            "changed 7 minutes before the alert: job orders-to-lake resubmitted (parallelism 1 → 2,"
                + " config user-config.mode append → upsert, fresh start without state)");
    assertThat(report.tools())
        .extracting(ToolReport::tool)
        .containsExactly("test.restarts", "changes.recent");
    assertThat(report.tools().get(1).params())
        .containsEntry("job", "orders-to-lake")
        .containsEntry("until", "2026-12-01T22:01:58.830Z");
    assertThat(report.toMarkdown())
        .contains("**What changed:** changed 7 minutes before the alert: job orders-to-lake");
    assertThat(Json.mapper().valueToTree(report).path("verdict").path("changes").get(0).asText())
        .as("the --json output carries the line")
        .startsWith("changed 7 minutes before the alert: job orders-to-lake resubmitted");
  }

  @Test
  void saysNothingOfChangesWithoutTheChangeProbe() {
    TriageReport report = planner(new ToolRegistry().register(restarts())).triage(RESTARTS);

    assertThat(report.verdict().category()).isEqualTo(Category.NO_FAULT);
    assertThat(report.verdict().changes()).isEmpty();
    assertThat(report.tools()).extracting(ToolReport::tool).containsExactly("test.restarts");
    assertThat(report.toMarkdown()).doesNotContain("What changed");
  }

  @Test
  void concludesAndSaysWhatChangedCouldNotBeReadWhenTheChangeProbeFails() {
    ToolRegistry tools =
        new ToolRegistry()
            .register(restarts())
            .register(
                new ToolBinding(
                    ChangeToolSpecs.RECENT,
                    a -> {
                      throw new IllegalStateException("connection reset");
                    }));

    TriageReport report = planner(tools).triage(RESTARTS);

    assertThat(report.verdict().category()).isEqualTo(Category.NO_FAULT);
    assertThat(report.verdict().changes())
        .containsExactly(
            "what changed: could not be read (internal error in changes.recent"
                + " (IllegalStateException); details are in the lakeops log)");
    assertThat(report.toMarkdown())
        .contains("**What changed:** could not be read (internal error in changes.recent");
  }
}
