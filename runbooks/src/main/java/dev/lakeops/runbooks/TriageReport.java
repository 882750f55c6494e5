package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One triage of one alert: which runbook ran, what each tool returned, what each step did, and the
 * verdict.
 *
 * @param runbook the runbook's id, or {@code none}
 * @param alert the alert as received
 * @param verdict the conclusion
 * @param tools every tool report, in the order the tools ran
 * @param startedAt when the triage began
 * @param finishedAt when it ended
 * @param steps the steps run, in order; empty for a triage that ran no runbook graph
 * @param routing what the planner read from the alert and why it ran the runbooks it ran; null for
 *     the report of one runbook run on its own
 * @param others the reports of the other runbooks that ran for the alert, strongest evidence first;
 *     this report's verdict is the one whose findings are strongest
 */
public record TriageReport(
    String runbook,
    AlertSignal alert,
    Verdict verdict,
    List<ToolReport> tools,
    Instant startedAt,
    Instant finishedAt,
    List<StepRecord> steps,
    @Nullable Routing routing,
    List<TriageReport> others) {

  public TriageReport {
    requireNonNull(runbook, "runbook");
    requireNonNull(alert, "alert");
    requireNonNull(verdict, "verdict");
    tools = List.copyOf(tools);
    requireNonNull(startedAt, "startedAt");
    requireNonNull(finishedAt, "finishedAt");
    steps = steps == null ? List.of() : List.copyOf(steps);
    others = others == null ? List.of() : List.copyOf(others);
  }

  /** The report of one runbook's run. */
  public TriageReport(
      String runbook,
      AlertSignal alert,
      Verdict verdict,
      List<ToolReport> tools,
      Instant startedAt,
      Instant finishedAt,
      List<StepRecord> steps) {
    this(runbook, alert, verdict, tools, startedAt, finishedAt, steps, null, List.of());
  }

  /** This report with the planner's routing and the other runbooks' reports. */
  public TriageReport withRouting(
      Routing r, List<TriageReport> otherReports, Instant started, Instant finished) {
    return new TriageReport(
        runbook, alert, verdict, tools, started, finished, steps, r, otherReports);
  }

  /** This report with another verdict, the rest kept. */
  public TriageReport withVerdict(Verdict v) {
    return new TriageReport(
        runbook, alert, v, tools, startedAt, finishedAt, steps, routing, others);
  }

  /**
   * This report with the change probe's report appended to its tools and its line in the verdict's
   * {@link Verdict#changes()}.
   */
  public TriageReport withChanges(ToolReport changeReport, String line) {
    List<ToolReport> all = new java.util.ArrayList<>(tools);
    all.add(changeReport);
    return new TriageReport(
        runbook,
        alert,
        verdict.withChanges(List.of(line)),
        all,
        startedAt,
        finishedAt,
        steps,
        routing,
        others);
  }

  /** Ids of every runbook that ran for the alert: this report's first, then the others'. */
  public List<String> runbooksRun() {
    List<String> ids = new java.util.ArrayList<>();
    if (!runbook.equals("none")) {
      ids.add(runbook);
    }
    others.forEach(o -> ids.add(o.runbook()));
    return ids;
  }

  /** A report without a step trace. */
  public TriageReport(
      String runbook,
      AlertSignal alert,
      Verdict verdict,
      List<ToolReport> tools,
      Instant startedAt,
      Instant finishedAt) {
    this(runbook, alert, verdict, tools, startedAt, finishedAt, List.of());
  }

  /**
   * Every finding by its id, in the order the tools ran: {@code STEP#n} for the n-th finding (from
   * 1) that step's tool calls returned; {@code tool-I#n} for a report no step record names.
   */
  public Map<String, Finding> findingsById() {
    Map<Integer, String> stepOf = new HashMap<>();
    for (StepRecord s : steps) {
      if (s.tool() >= 0) {
        stepOf.put(s.tool(), s.step());
      }
    }
    Map<String, Integer> counters = new HashMap<>();
    Map<String, Finding> byId = new LinkedHashMap<>();
    for (int i = 0; i < tools.size(); i++) {
      String prefix = stepOf.getOrDefault(i, "tool-" + i);
      for (Finding f : tools.get(i).findings()) {
        int n = counters.merge(prefix, 1, Integer::sum);
        byId.put(prefix + "#" + n, f);
      }
    }
    return byId;
  }

  /**
   * Codes of the verdict's evidence, in order, once each; an evidence entry that is not an id
   * counts as a code.
   */
  public List<String> evidenceCodes() {
    Map<String, Finding> byId = findingsById();
    return verdict.evidence().stream()
        .map(e -> byId.containsKey(e) ? byId.get(e).code() : e)
        .distinct()
        .toList();
  }

  /** The report as chat-ready Markdown. */
  public String toMarkdown() {
    return TriageMarkdown.render(this);
  }
}
