package dev.lakeops.agent.chat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import java.util.Map;

/**
 * Markdown pieces shared by chat replies; text from other systems or people is neutralised first.
 */
final class ChatMarkdown {

  /** Findings listed in one reply; the rest are counted. */
  static final int MAX_FINDINGS = 20;

  /** Evidence lines listed per finding. */
  static final int MAX_EVIDENCE = 6;

  private ChatMarkdown() {}

  /** Plain text: one line, no Markdown or HTML that could restyle the reply or add a link. */
  static String text(String s) {
    String line =
        s.replaceAll("[\\r\\n]+", " ")
            .replace("`", "'")
            .replace("<", "&lt;")
            .replace(">", "&gt;")
            .replace("*", "\\*")
            .replace("_", "\\_")
            .replace("[", "\\[")
            .replace("]", "\\]");
    return line.length() <= 300 ? line : line.substring(0, 300) + "...";
  }

  /** Plain text of several lines, each made safe and cut as {@link #text} does. */
  static String lines(String s) {
    return String.join("\n", s.lines().filter(l -> !l.isBlank()).map(ChatMarkdown::text).toList());
  }

  /** Inline code, for codes, ids and names. */
  static String code(String s) {
    String line = s.replaceAll("[\\r\\n]+", " ").replace("`", "'");
    return "`" + (line.length() <= 200 ? line : line.substring(0, 200) + "...") + "`";
  }

  /** A tool report under {@code title}: its status, error or findings with their evidence. */
  static String toolReport(String title, ToolReport report, Language language, Messages messages) {
    StringBuilder md = new StringBuilder("### ").append(title).append("\n\n");
    md.append(messages.get(language, "tool.status", code(report.tool()), report.status()))
        .append("\n\n");
    if (report.error() != null) {
      md.append(text(report.error())).append("\n\n");
    }
    int shown = 0;
    for (Finding f : report.findings()) {
      if (shown++ == MAX_FINDINGS) {
        md.append(
                messages.get(
                    language, "tool.more-findings", report.findings().size() - MAX_FINDINGS))
            .append("\n");
        break;
      }
      md.append("- ")
          .append(f.severity())
          .append(" ")
          .append(code(f.code()))
          .append(" — ")
          .append(text(f.summary()))
          .append("\n");
      int evidence = 0;
      for (Map.Entry<String, String> e : f.evidence().entrySet()) {
        if (evidence++ == MAX_EVIDENCE) {
          break;
        }
        md.append("  - ")
            .append(text(e.getKey()))
            .append(": ")
            .append(code(e.getValue()))
            .append("\n");
      }
    }
    return md.toString().strip() + "\n";
  }
}
