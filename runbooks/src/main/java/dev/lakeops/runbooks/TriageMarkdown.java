package dev.lakeops.runbooks;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.time.Duration;
import java.util.Map;

/** Renders a {@link TriageReport} as Markdown for chat and the console. */
final class TriageMarkdown {

  private TriageMarkdown() {}

  static String render(TriageReport report) {
    StringBuilder md = new StringBuilder();
    Verdict v = report.verdict();
    md.append("### lakeops triage: ").append(text(report.alert().name())).append("\n\n");
    md.append("**Verdict:** ")
        .append(v.category())
        .append(" (confidence ")
        .append(v.confidence())
        .append(")  \n");
    md.append(text(v.headline())).append("\n\n");
    for (String change : v.changes()) {
      md.append("**What changed:** ")
          .append(text(change.replaceFirst("^what changed: ", "")))
          .append("\n\n");
    }
    if (!v.entities().isEmpty()) {
      md.append("**Entities:** ");
      String sep = "";
      for (Map.Entry<String, String> e : v.entities().entrySet()) {
        md.append(sep).append(e.getKey()).append(" ").append(code(e.getValue()));
        sep = ", ";
      }
      md.append("\n\n");
    }
    Routing routing = report.routing();
    if (routing != null) {
      routing.scores().stream()
          .filter(s -> s.runbook().equals(report.runbook()))
          .findFirst()
          .ifPresent(
              s -> {
                md.append("**Why this runbook:** score ")
                    .append(String.format(java.util.Locale.ROOT, "%.2f", s.score()));
                String sep = " — ";
                for (RouteReason r : s.reasons().subList(0, Math.min(4, s.reasons().size()))) {
                  md.append(sep).append(text(r.detail()));
                  sep = "; ";
                }
                md.append("\n\n");
              });
      for (String note : routing.notes()) {
        md.append("**Note:** ").append(text(note)).append("\n\n");
      }
    }
    if (v.window() != null) {
      md.append("**Window:** ")
          .append(v.window().from())
          .append(" to ")
          .append(v.window().to())
          .append("\n\n");
    }
    if (!v.evidence().isEmpty()) {
      md.append("**Evidence:** ");
      String sep = "";
      for (String id : v.evidence()) {
        md.append(sep).append(code(id));
        sep = ", ";
      }
      md.append("\n\n");
    }
    java.util.Map<Finding, String> ids = new java.util.IdentityHashMap<>();
    report.findingsById().forEach((id, f) -> ids.put(f, id));
    for (ToolReport tool : report.tools()) {
      if (tool.status() == ToolReport.Status.OK) {
        md.append("**Findings of ").append(code(tool.tool())).append("**");
      } else {
        md.append("**")
            .append(code(tool.tool()))
            .append(" returned ")
            .append(tool.status())
            .append("**");
      }
      if (tool.error() != null) {
        md.append(": ").append(text(tool.error()));
      }
      md.append("\n\n");
      for (Finding f : tool.findings()) {
        md.append("- ")
            .append(code(ids.getOrDefault(f, "?")))
            .append(" ")
            .append(f.severity())
            .append(" ")
            .append(code(f.code()))
            .append(" — ")
            .append(text(f.summary()))
            .append("\n");
        for (Map.Entry<String, String> e : f.evidence().entrySet()) {
          md.append("  - ")
              .append(text(e.getKey()))
              .append(": ")
              .append(code(e.getValue()))
              .append("\n");
        }
      }
      if (!tool.findings().isEmpty()) {
        md.append("\n");
      }
    }
    if (!v.proposals().isEmpty()) {
      md.append("**Proposed actions** (none has run; each needs approval)\n\n");
      for (ProposedAction p : v.proposals()) {
        md.append("- ")
            .append(code(p.action()))
            .append(" (")
            .append(p.tier())
            .append(", ")
            .append(text(p.status()))
            .append(")");
        String sep = ": ";
        for (Map.Entry<String, String> e : p.args().entrySet()) {
          md.append(sep).append(text(e.getKey())).append("=").append(code(e.getValue()));
          sep = ", ";
        }
        if (!p.reason().isBlank()) {
          md.append(" — ").append(text(p.reason()));
        }
        md.append("\n");
      }
      md.append("\n");
    }
    if (!v.nextActions().isEmpty()) {
      md.append("**Next actions**\n\n");
      int i = 1;
      for (String action : v.nextActions()) {
        md.append(i++).append(". ").append(text(action)).append("\n");
      }
      md.append("\n");
    }
    if (!report.others().isEmpty()) {
      md.append("**Also ran**\n\n");
      for (TriageReport o : report.others()) {
        md.append("- ")
            .append(code(o.runbook()))
            .append(" ")
            .append(o.verdict().category())
            .append(" (confidence ")
            .append(o.verdict().confidence())
            .append("): ")
            .append(text(o.verdict().headline()))
            .append("\n");
      }
      md.append("\n");
    }
    md.append("_Runbook ")
        .append(code(report.runbook()))
        .append(", ")
        .append(Duration.between(report.startedAt(), report.finishedAt()).toMillis())
        .append(" ms, no LLM._\n");
    return md.toString();
  }

  /**
   * Plain text from another system: one line, no Markdown that could restyle or link the report.
   */
  private static String text(String s) {
    return s.replaceAll("[\\r\\n]+", " ")
        .replace("`", "'")
        .replace("<", "&lt;")
        .replace(">", "&gt;");
  }

  private static String code(String s) {
    return "`" + s.replaceAll("[\\r\\n]+", " ").replace("`", "'") + "`";
  }
}
