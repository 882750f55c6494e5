package dev.lakeops.cli.common;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.util.Map;

/** A tool report as plain text for a terminal: status, then each finding with its evidence. */
public final class ToolReportText {

  private ToolReportText() {}

  public static String render(ToolReport report) {
    StringBuilder out = new StringBuilder();
    out.append(report.tool())
        .append(" ")
        .append(report.params().values())
        .append(": ")
        .append(report.status());
    if (report.error() != null) {
      out.append(" — ").append(oneLine(report.error()));
    }
    out.append("\n");
    for (Finding f : report.findings()) {
      out.append("\n")
          .append(f.severity())
          .append("  ")
          .append(f.code())
          .append("  ")
          .append(oneLine(f.subject()))
          .append("\n");
      out.append("    ").append(oneLine(f.summary())).append("\n");
      for (Map.Entry<String, String> e : f.evidence().entrySet()) {
        out.append("    - ")
            .append(e.getKey())
            .append(": ")
            .append(oneLine(e.getValue()))
            .append("\n");
      }
    }
    return out.toString();
  }

  /**
   * As {@link #render}, then an empty line: the form of the {@code kafka} and {@code binlog server}
   * commands.
   */
  public static String renderWithBlankLine(ToolReport report) {
    return render(report) + "\n";
  }

  private static String oneLine(String s) {
    return s.replaceAll("[\\r\\n]+", " ");
  }
}
