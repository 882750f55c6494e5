package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.StepRecord;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.ToolReport;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Triage reports for the pictures' tests, built from the tool reports a picture reads. */
final class TriageReportsForTests {

  static final Instant T = Instant.parse("2026-12-02T10:00:00Z");

  private TriageReportsForTests() {}

  /** A report whose runbook read {@code tools}, concluding {@code category}. */
  static TriageReport of(Category category, List<ToolReport> tools) {
    Verdict verdict =
        new Verdict(
            category, "headline", Map.of(), List.of(), Confidence.HIGH, List.of(), null, List.of());
    return new TriageReport(
        "runbook",
        new AlertSignal(Map.of(), Map.of()),
        verdict,
        tools,
        T,
        T,
        List.of(new StepRecord("probe", "tool", "ok", 0, 5)));
  }

  /** A report with no tool report. */
  static TriageReport any() {
    return of(Category.NO_FAULT, List.of());
  }
}
