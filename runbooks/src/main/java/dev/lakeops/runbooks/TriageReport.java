package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 */
public record TriageReport(
    String runbook,
    AlertSignal alert,
    Verdict verdict,
    List<ToolReport> tools,
    Instant startedAt,
    Instant finishedAt,
    List<StepRecord> steps) {

  public TriageReport {
    requireNonNull(runbook, "runbook");
    requireNonNull(alert, "alert");
    requireNonNull(verdict, "verdict");
    tools = List.copyOf(tools);
    requireNonNull(startedAt, "startedAt");
    requireNonNull(finishedAt, "finishedAt");
    steps = steps == null ? List.of() : List.copyOf(steps);
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
