package dev.lakeops.runbooks.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.RouteScore;
import dev.lakeops.runbooks.Runbook;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.load.RunbookLoader;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.route.AlertRouter;
import dev.lakeops.runbooks.route.TextSimilarity;
import dev.lakeops.runbooks.tool.ToolBinding;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ParamType;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Several runbooks fit one alert: all run, the strongest evidence is the report, disagreements are
 * said.
 */
class PlannerRankingTest {

  private final List<String> called = new ArrayList<>();
  private final ToolRegistry tools =
      new ToolRegistry()
          .register(
              new ToolBinding(
                  new ToolSpec(
                      "test.judge",
                      "Finds what it is told.",
                      List.of(
                          ToolParam.required("severity", ParamType.STRING, "OK, WARN or CRITICAL"),
                          ToolParam.optional("job", ParamType.STRING, "job")),
                      FindingCodes.of("test.judge.finding")),
                  args -> {
                    called.add(args.string("severity"));
                    Finding f =
                        new Finding(
                            Severity.valueOf(args.string("severity")),
                            "test.judge.finding",
                            "job",
                            "judged",
                            Map.of(),
                            List.of());
                    return new ToolReport(
                        ToolReport.Status.OK, "test.judge", args.given(), List.of(f), null);
                  }));

  /**
   * A runbook answering {@code signal} that concludes {@code category} citing a finding of {@code
   * severity}.
   */
  private String runbook(String name, String signal, String severity, Category category) {
    return "name: "
        + name
        + "\ndescription: "
        + name
        + "\nmatch: {signals: ["
        + signal
        + "]}\n"
        + "inputs:\n  job: {from: [flink.job], required: true}\nsteps:\n"
        + "  - id: judge\n    probe: test.judge\n    args: {severity: "
        + severity
        + ", job: \"${inputs.job}\"}\n    output: j\n    next: done\n"
        + "  - id: done\n    end: {category: "
        + category
        + ", headline: \""
        + name
        + " says "
        + category
        + "\", confidence: MEDIUM, "
        + "evidence: [test.judge.finding]}\n";
  }

  /** {@link #runbook} declaring the hop it examines. */
  private String runbook(String name, String hop, String signal, String severity, Category c) {
    return runbook(name, signal, severity, c)
        .replaceFirst("\ndescription: ", "\nhop: " + hop + "\ndescription: ");
  }

  private DeterministicPlanner planner(AlertRouting config, String... yamls) {
    AlertRouter router = AlertRouter.of(config, TextSimilarity.NONE, AlertExamples.NONE);
    List<Runbook> runbooks = new ArrayList<>();
    for (String y : yamls) {
      runbooks.add(
          new GraphRunbook(
              new RunbookLoader(tools.catalog()).load("t.yaml", y),
              tools,
              Clock.systemUTC(),
              router));
    }
    return new DeterministicPlanner(runbooks, Clock.systemUTC(), router);
  }

  /** A job alert whose metric says restarts and whose summary says backpressure. */
  private static final AlertSignal RED_HERRING =
      new AlertSignal(
          Map.of("alertname", "FlinkJobUnhealthy", "job_name", "orders"),
          Map.of("summary", "orders is backpressured"),
          "http://p/graph?g0.expr=increase(flink_jobmanager_job_numRestarts%5B10m%5D)+%3E+2",
          null);

  @Test
  void theRunbooksOfOneTriageShareAProbesAnswerAndTheNextTriageProbesAgain() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(),
            runbook("restarts", "flink.restarts", "OK", Category.NO_FAULT),
            runbook("bp", "flink.backpressure", "OK", Category.NO_FAULT));

    TriageReport first = p.triage(RED_HERRING);

    assertThat(first.runbooksRun()).containsExactly("restarts", "bp");
    assertThat(called).as("one probe answers both runbooks").containsExactly("OK");
    assertThat(first.others().get(0).tools()).isEqualTo(first.tools());

    p.triage(RED_HERRING);

    assertThat(called).as("a new triage reads the system again").containsExactly("OK", "OK");
  }

  @Test
  void runsBothRelatedRunbooksAndReportsTheStrongerFault() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(),
            runbook("restarts", "flink.restarts", "CRITICAL", Category.RESTART_LOOP),
            runbook("bp", "flink.backpressure", "OK", Category.NO_FAULT));

    TriageReport report = p.triage(RED_HERRING);

    assertThat(report.runbook()).isEqualTo("restarts");
    assertThat(report.verdict().category()).isEqualTo(Category.RESTART_LOOP);
    assertThat(report.verdict().headline())
        .as("the summary's backpressure is a red herring")
        .isEqualTo(
            "The alert's claim (flink.backpressure) was not confirmed: bp says NO_FAULT"
                + " What is wrong: restarts says RESTART_LOOP");
    assertThat(report.others()).extracting(TriageReport::runbook).containsExactly("bp");
    assertThat(report.runbooksRun()).containsExactly("restarts", "bp");
    assertThat(report.routing().scores())
        .extracting(RouteScore::runbook)
        .containsExactly("restarts", "bp");
    assertThat(report.routing().scores().get(0).reasons().get(0).detail())
        .contains("metric flink_jobmanager_job_numRestarts -> flink.restarts");
    assertThat(report.routing().scores().get(1).reasons().get(0).detail())
        .contains("'backpressure' in annotations.summary");
    assertThat(report.toMarkdown())
        .contains("Why this runbook")
        .contains("Also ran")
        .contains("NO_FAULT");
  }

  @Test
  void strongerFindingsBeatABetterFitAndTheDisagreementIsSaid() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(),
            runbook("restarts", "flink.restarts", "OK", Category.NO_FAULT),
            runbook("bp", "flink.backpressure", "WARN", Category.BACKPRESSURE));

    TriageReport report = p.triage(RED_HERRING);

    assertThat(report.runbook()).isEqualTo("bp");
    assertThat(report.verdict().category()).isEqualTo(Category.BACKPRESSURE);
    assertThat(report.verdict().headline())
        .startsWith("The alert's claim (flink.restarts) was not confirmed: restarts says NO_FAULT");
    assertThat(report.routing().notes())
        .anySatisfy(
            n ->
                assertThat(n)
                    .contains("runbooks disagree")
                    .contains("bp concluded BACKPRESSURE")
                    .contains("restarts concluded NO_FAULT"));
  }

  @Test
  void whenTwoRunbooksReachTheSameFaultTheBetterFitTellsIt() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(),
            runbook("restarts", "flink.restarts", "WARN", Category.RESTART_LOOP),
            runbook("bp", "flink.backpressure", "CRITICAL", Category.RESTART_LOOP));

    TriageReport report = p.triage(RED_HERRING);

    assertThat(report.runbook())
        .as("the metric says restarts; bp cites a worse finding for the same conclusion")
        .isEqualTo("restarts");
    assertThat(report.others()).extracting(TriageReport::runbook).containsExactly("bp");
    assertThat(report.routing().notes()).noneMatch(n -> n.contains("runbooks disagree"));
  }

  @Test
  void aWorseFindingOfTheSameCategoryBeatsTheFitWhenTheFitOnlyGuesses() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(),
            runbook("restarts", "flink.restarts", "OK", Category.RESTART_LOOP),
            runbook("bp", "flink.backpressure", "CRITICAL", Category.RESTART_LOOP));

    assertThat(p.triage(RED_HERRING).runbook())
        .as("a fault cited on OK findings is a lower tier than one on CRITICAL findings")
        .isEqualTo("bp");
  }

  @Test
  void aFaultWithoutSeriousFindingsStillBeatsHealthyAndUnmeasuredAnswers() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(),
            runbook("restarts", "flink.restarts", "OK", Category.INCONCLUSIVE),
            runbook("bp", "flink.backpressure", "OK", Category.BACKPRESSURE));

    TriageReport report = p.triage(RED_HERRING);

    assertThat(report.runbook()).isEqualTo("bp");
    assertThat(report.verdict().headline())
        .as("an inconclusive answer confirms nothing and refutes nothing")
        .isEqualTo("bp says BACKPRESSURE");
  }

  @Test
  void aPinnedRunbookRunsAlone() {
    AlertRouting pinned =
        AlertRouting.fromProperties(Map.of("lakeops.alerts.rules.FlinkJobUnhealthy.runbook", "bp"));
    DeterministicPlanner p =
        planner(
            pinned,
            runbook("restarts", "flink.restarts", "CRITICAL", Category.RESTART_LOOP),
            runbook("bp", "flink.backpressure", "OK", Category.NO_FAULT));

    TriageReport report = p.triage(RED_HERRING);

    assertThat(report.runbooksRun()).containsExactly("bp");
    assertThat(report.routing().scores().get(0).reasons().get(0).detail())
        .contains("pinned by lakeops.alerts.rules.FlinkJobUnhealthy.runbook");
  }

  @Test
  void refusesAPinNamingNoRunbook() {
    AlertRouting pinned =
        AlertRouting.fromProperties(Map.of("lakeops.alerts.rules.X.runbook", "nope"));

    assertThatThrownBy(
            () -> planner(pinned, runbook("bp", "flink.backpressure", "OK", Category.NO_FAULT)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("lakeops.alerts.rules.X.runbook=nope")
        .hasMessageContaining("known: bp");
  }

  @Test
  void runsNoMoreRunbooksThanConfigured() {
    DeterministicPlanner p =
        planner(
            AlertRouting.fromProperties(Map.of("lakeops.alerts.max-runbooks", "1")),
            runbook("restarts", "flink.restarts", "OK", Category.NO_FAULT),
            runbook("bp", "flink.backpressure", "WARN", Category.BACKPRESSURE));

    TriageReport report = p.triage(RED_HERRING);

    assertThat(report.runbooksRun()).containsExactly("restarts");
    assertThat(report.routing().scores())
        .filteredOn(s -> s.runbook().equals("bp"))
        .extracting(RouteScore::outcome)
        .containsExactly(RouteScore.Outcome.NOT_CHOSEN);
  }

  @Test
  void runsTheRunbooksForWhatTheAlertNamesWhenNothingSaysWhatFired() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(), runbook("bp", "flink.backpressure", "OK", Category.NO_FAULT));

    TriageReport report =
        p.triage(
            new AlertSignal(Map.of("alertname", "OrdersPipeline", "job_name", "orders"), Map.of()));

    assertThat(report.runbook()).isEqualTo("bp");
    assertThat(report.routing().notes())
        .anySatisfy(n -> assertThat(n).contains("nothing in the alert says what fired"));
    assertThat(
            p.triage(new AlertSignal(Map.of("alertname", "OrdersPipeline", "file", "/x"), Map.of()))
                .verdict()
                .category())
        .as("a weak label alone relates nothing")
        .isEqualTo(Category.NO_RUNBOOK);
  }

  @Test
  void saysWhatItReadWhenNothingRelates() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(), runbook("bp", "flink.backpressure", "OK", Category.NO_FAULT));
    AlertSignal disk =
        new AlertSignal(
            Map.of("alertname", "HostOutOfDiskSpace", "instance", "node-1:9100"),
            Map.of("summary", "Disk is almost full"),
            "http://p/graph?g0.expr=node_filesystem_avail_bytes+%2F+node_filesystem_size_bytes+%3C+0.1",
            null);

    TriageReport report = p.triage(disk);

    assertThat(report.verdict().category()).isEqualTo(Category.NO_RUNBOOK);
    assertThat(report.verdict().headline())
        .contains("No runbook fits alert 'HostOutOfDiskSpace'")
        .contains("metrics node_filesystem_avail_bytes, node_filesystem_size_bytes")
        .contains("no signal it knows");
    assertThat(report.verdict().entities())
        .containsEntry("metrics", "node_filesystem_avail_bytes; node_filesystem_size_bytes")
        .containsEntry("labels", "cdc.server=node-1:9100 (label instance)");
    assertThat(called).isEmpty();
  }

  @Test
  void aRunbookJoinsTheNeighboursOfItsHopByDeclaringIt() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(),
            runbook("restarts", "job", "flink.restarts", "OK", Category.NO_FAULT),
            runbook("memory", "job", "lake.small-files", "CRITICAL", Category.JOB_NOT_RUNNING),
            runbook("elsewhere", "table", "lake.bad-write", "CRITICAL", Category.DUPLICATES));
    AlertSignal restarts =
        new AlertSignal(
            Map.of("alertname", "FlinkJobRestarting", "job_name", "orders"),
            Map.of(),
            "http://p/graph?g0.expr=increase(flink_jobmanager_job_numRestarts%5B10m%5D)+%3E+2",
            null);

    TriageReport report = p.triage(restarts);

    assertThat(report.runbooksRun()).containsExactly("memory", "restarts");
    assertThat(report.verdict().category()).isEqualTo(Category.JOB_NOT_RUNNING);
    assertThat(report.verdict().headline())
        .isEqualTo(
            "The alert's claim (flink.restarts) was not confirmed: restarts says NO_FAULT"
                + " What is wrong: memory says JOB_NOT_RUNNING");
    assertThat(report.routing().scores())
        .filteredOn(s -> s.runbook().equals("memory"))
        .singleElement()
        .satisfies(
            s ->
                assertThat(s.reasons().get(s.reasons().size() - 1).detail())
                    .isEqualTo(
                        "same hop (job) as the runbooks the alert chose, which found no fault"));
  }

  @Test
  void aRunbookWithoutAHopHasNoNeighbours() {
    DeterministicPlanner p =
        planner(
            AlertRouting.defaults(),
            runbook("restarts", "flink.restarts", "OK", Category.NO_FAULT),
            runbook("memory", "lake.small-files", "CRITICAL", Category.JOB_NOT_RUNNING));

    TriageReport report = p.triage(RED_HERRING);

    assertThat(report.runbooksRun()).containsExactly("restarts");
    assertThat(report.verdict().category()).isEqualTo(Category.NO_FAULT);
  }
}
