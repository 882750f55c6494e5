package dev.lakeops.agent.chat;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import java.util.List;

/**
 * The answer to {@code status} (or a bare {@code triage}) in an incident's thread: the incident,
 * where its triage and alert stand, the verdict with its headline, top evidence and proposals.
 * Codes, categories and ids stay language-neutral; text from alerts and probes is neutralised.
 */
final class IncidentStatusMessage {

  private IncidentStatusMessage() {}

  static String render(Incident incident, Language language, Messages messages) {
    StringBuilder md = new StringBuilder();
    md.append(
            messages.get(
                language,
                "incident.title",
                ChatMarkdown.code(incident.id()),
                ChatMarkdown.code(incident.alertname())))
        .append("\n\n");
    md.append(
            messages.get(
                language,
                "incident.status",
                ChatMarkdown.code(incident.status().name()),
                ChatMarkdown.code(incident.alertStatus().name())))
        .append("\n\n");
    TriageReport report = incident.report();
    if (report == null) {
      md.append(
              incident.error() != null
                  ? messages.get(language, "incident.failed", ChatMarkdown.text(incident.error()))
                  : messages.get(language, "incident.no-verdict"))
          .append("\n");
      return md.toString();
    }
    Verdict verdict = report.verdict();
    md.append(
            messages.get(
                language,
                "triage.verdict",
                ChatMarkdown.code(verdict.category().name()),
                verdict.confidence()))
        .append("\n\n")
        .append(ChatMarkdown.text(verdict.headline()))
        .append("\n\n");
    List<IncidentContext.Evidence> evidence = IncidentContext.topEvidence(report);
    if (!evidence.isEmpty()) {
      md.append(messages.get(language, "incident.evidence")).append("\n");
      evidence.forEach(
          e ->
              md.append("- ")
                  .append(ChatMarkdown.code(e.code()))
                  .append(e.summary() == null ? "" : " — " + ChatMarkdown.text(e.summary()))
                  .append("\n"));
      md.append("\n");
    }
    if (!verdict.proposals().isEmpty()) {
      md.append(messages.get(language, "incident.proposals")).append("\n");
      for (ProposedAction p : verdict.proposals()) {
        md.append("- ")
            .append(ChatMarkdown.code(p.action()))
            .append(" (")
            .append(p.tier())
            .append(")");
        if (!p.missing().isEmpty()) {
          md.append(": ").append(ChatMarkdown.text(p.status()));
        }
        md.append("\n");
      }
    }
    return md.toString();
  }
}
