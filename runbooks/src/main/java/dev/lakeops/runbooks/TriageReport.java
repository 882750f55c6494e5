package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.ToolReport;
import java.time.Instant;
import java.util.List;

/**
 * One triage of one alert: which runbook ran, what each tool returned, and the verdict.
 *
 * @param runbook the runbook's id, or {@code none}
 * @param alert the alert as received
 * @param verdict the conclusion
 * @param tools every tool report, in the order the tools ran
 * @param startedAt when the triage began
 * @param finishedAt when it ended
 */
public record TriageReport(
    String runbook, AlertSignal alert, Verdict verdict, List<ToolReport> tools, Instant startedAt, Instant finishedAt) {

  public TriageReport {
    requireNonNull(runbook, "runbook");
    requireNonNull(alert, "alert");
    requireNonNull(verdict, "verdict");
    tools = List.copyOf(tools);
    requireNonNull(startedAt, "startedAt");
    requireNonNull(finishedAt, "finishedAt");
  }

  /** The report as chat-ready Markdown. */
  public String toMarkdown() {
    return TriageMarkdown.render(this);
  }
}
