package dev.lakeops.agent.console;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.chat.ChatTurn;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.report.IncidentConversation;
import dev.lakeops.agent.report.ReportThread;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.Finding;
import io.quarkus.qute.TemplateData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One incident as the console shows it. Alert text (annotations, labels) is kept as given; the
 * templates escape it.
 *
 * @param category the verdict's category, or {@code -} before the triage finished
 * @param timeline what happened, in order
 * @param evidence the verdict's evidence: finding id, code, summary (an id that names no finding
 *     has an empty code)
 * @param chat the newest turns of the incident's chat threads, oldest first (text as written: the
 *     template escapes it)
 * @param chatOlderLeftOut whether older turns than {@code chat}'s exist
 */
@TemplateData
public record IncidentView(
    String id,
    String alertname,
    String status,
    String alertStatus,
    String category,
    String received,
    String headline,
    String confidence,
    String runbook,
    String error,
    Map<String, String> labels,
    Map<String, String> annotations,
    List<Event> timeline,
    List<Evidence> evidence,
    List<String> nextActions,
    List<ProposedAction> proposals,
    List<Turn> chat,
    boolean chatOlderLeftOut) {

  /** One point on the timeline; {@code where} says where it happened, or is empty. */
  @TemplateData
  public record Event(String what, String at, String where) {}

  /** One chat turn: when, who (a person's user id, or {@code lakeops}) and what. */
  @TemplateData
  public record Turn(String at, String who, String text) {

    /** The text rendered as Markdown, safe to show as it is (see {@link ChatMarkdown}). */
    public String html() {
      return ChatMarkdown.html(text);
    }

    static Turn of(ChatTurn t) {
      return new Turn(
          t.at().toString(),
          t.author() == ChatTurn.Author.LAKEOPS ? "lakeops" : t.userId(),
          t.text());
    }
  }

  /** One piece of the verdict's evidence. */
  @TemplateData
  public record Evidence(String id, String code, String summary) {}

  /** The incident without its conversation, as the incidents list shows it. */
  static IncidentView of(Incident i) {
    return of(i, IncidentConversation.none());
  }

  static IncidentView of(Incident i, IncidentConversation conversation) {
    TriageReport report = i.report();
    List<Event> timeline = new ArrayList<>();
    timeline.add(new Event("timeline.received", i.receivedAt().toString(), ""));
    if (i.status() == IncidentStatus.TRIAGED && report != null) {
      timeline.add(new Event("timeline.triaged", report.finishedAt().toString(), ""));
    } else if (i.status() == IncidentStatus.FAILED) {
      timeline.add(new Event("timeline.failed", i.updatedAt().toString(), ""));
    }
    // A report is posted once the triage is done.
    ReportThread posted = conversation.reportThread();
    if (posted != null) {
      timeline.add(
          new Event(
              "timeline.posted",
              posted.postedAt().toString(),
              posted.platform() + " · " + posted.channel() + " · " + posted.thread()));
    }
    if (i.alertStatus() == AlertStatus.RESOLVED) {
      timeline.add(
          new Event(
              "timeline.resolved",
              (i.endsAt() != null ? i.endsAt() : i.updatedAt()).toString(),
              ""));
    }
    List<Evidence> evidence = new ArrayList<>();
    if (report != null) {
      Map<String, Finding> byId = report.findingsById();
      for (String e : report.verdict().evidence()) {
        Finding f = byId.get(e);
        evidence.add(f == null ? new Evidence(e, "", "") : new Evidence(e, f.code(), f.summary()));
      }
    }
    return new IncidentView(
        i.id(),
        i.alertname(),
        i.status().name(),
        i.alertStatus().name(),
        report == null ? "-" : report.verdict().category().name(),
        i.receivedAt().toString(),
        report == null ? "" : report.verdict().headline(),
        report == null ? "" : report.verdict().confidence().name(),
        report == null ? "" : report.runbook(),
        i.error() == null ? "" : i.error(),
        i.labels(),
        i.annotations(),
        timeline,
        evidence,
        report == null ? List.of() : report.verdict().nextActions(),
        report == null ? List.of() : report.verdict().proposals(),
        conversation.turns().stream().map(Turn::of).toList(),
        conversation.olderLeftOut());
  }
}
