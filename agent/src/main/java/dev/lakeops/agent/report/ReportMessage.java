package dev.lakeops.agent.report;

import dev.lakeops.agent.chat.ChatIntent;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The chat message of one incident's triage, in English or Simplified Chinese: title (alertname and
 * verdict category), headline, top evidence, next actions, proposals and the link to the full
 * report. Text from alerts and probes is neutralised so it cannot restyle the message or add links.
 */
public final class ReportMessage {

  /** Evidence lines, next actions and proposals shown; the full report has the rest. */
  static final int MAX_ITEMS = 3;

  private ReportMessage() {}

  /** The link to the incident's Markdown report under {@code publicUrl}. */
  public static String link(String publicUrl, String incidentId) {
    String base =
        publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl;
    return base
        + "/api/incidents/"
        + URLEncoder.encode(incidentId, StandardCharsets.UTF_8)
        + "?format=markdown";
  }

  /** The report of {@code incident}, triaged or failed. */
  public static ChatReply render(Incident incident, Language language, String publicUrl) {
    boolean zh = language == Language.ZH_CN;
    TriageReport report = incident.report();
    StringBuilder md = new StringBuilder();
    if (report == null) {
      md.append("**")
          .append(zh ? "告警 " : "Alert ")
          .append(code(incident.alertname()))
          .append(" — ")
          .append(zh ? "排查失败" : "triage failed")
          .append("**\n\n");
      if (incident.error() != null) {
        md.append(text(incident.error())).append("\n\n");
      }
    } else {
      Verdict verdict = report.verdict();
      md.append("**")
          .append(zh ? "告警 " : "Alert ")
          .append(code(incident.alertname()))
          .append(" — ")
          .append(code(verdict.category().name()))
          .append("** (")
          .append(zh ? "置信度 " : "confidence ")
          .append(verdict.confidence())
          .append(")\n\n");
      md.append(text(verdict.headline())).append("\n\n");
      evidence(md, report, zh);
      list(md, zh ? "**下一步**" : "**Next actions**", verdict.nextActions(), zh);
      proposals(md, verdict.proposals(), zh);
    }
    md.append(zh ? "事件 " : "Incident ")
        .append(code(incident.id()))
        .append(zh ? "，完整报告：" : ", full report: ")
        .append(link(publicUrl, incident.id()))
        .append("\n");
    return new ChatReply(ChatIntent.Kind.TRIAGE, md.toString(), language, null);
  }

  /** The short reply in the report's thread when the same alert is notified again. */
  public static ChatReply repeat(Incident incident, Language language, String publicUrl) {
    String md =
        language == Language.ZH_CN
            ? "告警 "
                + code(incident.alertname())
                + " 仍在触发，已并入事件 "
                + code(incident.id())
                + "："
                + link(publicUrl, incident.id())
            : "Alert "
                + code(incident.alertname())
                + " still firing, joined incident "
                + code(incident.id())
                + ": "
                + link(publicUrl, incident.id());
    return new ChatReply(ChatIntent.Kind.TRIAGE, md + "\n", language, null);
  }

  private static void evidence(StringBuilder md, TriageReport report, boolean zh) {
    Map<String, Finding> byId = report.findingsById();
    List<String> ids = report.verdict().evidence();
    if (ids.isEmpty()) {
      return;
    }
    md.append(zh ? "**证据**" : "**Evidence**").append("\n");
    ids.stream()
        .limit(MAX_ITEMS)
        .forEach(
            id -> {
              Finding f = byId.get(id);
              md.append("- ")
                  .append(f == null ? code(id) : code(f.code()) + " — " + text(f.summary()))
                  .append("\n");
            });
    more(md, ids.size(), zh);
    md.append("\n");
  }

  private static void list(StringBuilder md, String title, List<String> items, boolean zh) {
    if (items.isEmpty()) {
      return;
    }
    md.append(title).append("\n");
    for (int i = 0; i < Math.min(MAX_ITEMS, items.size()); i++) {
      md.append(i + 1).append(". ").append(text(items.get(i))).append("\n");
    }
    more(md, items.size(), zh);
    md.append("\n");
  }

  private static void proposals(StringBuilder md, List<ProposedAction> proposals, boolean zh) {
    if (proposals.isEmpty()) {
      return;
    }
    md.append(zh ? "**待审批的提议**（尚未执行）" : "**Proposals** (awaiting approval, nothing has run)")
        .append("\n");
    proposals.stream()
        .limit(MAX_ITEMS)
        .forEach(
            p -> {
              md.append("- ")
                  .append(code(p.step()))
                  .append(": ")
                  .append(code(p.action()))
                  .append(" (")
                  .append(p.tier())
                  .append(")");
              if (!p.missing().isEmpty()) {
                md.append(zh ? " — 缺少参数 " : " — missing ")
                    .append(text(String.join(", ", p.missing())));
              } else if (!p.reason().isBlank()) {
                md.append(" — ").append(text(p.reason()));
              }
              md.append("\n");
            });
    more(md, proposals.size(), zh);
    md.append("\n");
  }

  private static void more(StringBuilder md, int total, boolean zh) {
    if (total > MAX_ITEMS) {
      md.append(
              zh
                  ? "- ……另有 " + (total - MAX_ITEMS) + " 项，见完整报告"
                  : "- ... " + (total - MAX_ITEMS) + " more in the full report")
          .append("\n");
    }
  }

  /** Plain text: one line, no Markdown or HTML that could restyle the message or add a link. */
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

  /** Inline code, for codes, ids and names. */
  static String code(String s) {
    String line = s.replaceAll("[\\r\\n]+", " ").replace("`", "'");
    return "`" + (line.length() <= 200 ? line : line.substring(0, 200) + "...") + "`";
  }
}
