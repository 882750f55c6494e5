package dev.lakeops.agent.chat;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.runbooks.ProposedAction;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.Verdict;
import dev.lakeops.tools.Finding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * What a thread's incident contributes to a follow-up: its verdict as flat key/value data for the
 * model's data block (never as instructions), and the table a rollback without one is about.
 */
public final class IncidentContext {

  /** Evidence lines given; the model can ask the tools for more. */
  static final int MAX_EVIDENCE = 3;

  /** The action a rollback proposal is made with. */
  static final String ROLLBACK_ACTION = "table.rollback_to_as_latest";

  private IncidentContext() {}

  /**
   * The incident as data: id, alert, status, and the verdict with its top evidence and proposals.
   */
  public static Map<String, String> data(Incident incident) {
    Map<String, String> data = new LinkedHashMap<>();
    data.put("incident", incident.id());
    data.put("alertname", incident.alertname());
    data.put("alertStatus", incident.alertStatus().name());
    data.put("triageStatus", incident.status().name());
    TriageReport report = incident.report();
    if (report != null) {
      Verdict verdict = report.verdict();
      data.put("verdict.category", verdict.category().name());
      data.put("verdict.confidence", verdict.confidence().name());
      data.put("verdict.headline", verdict.headline());
      verdict.entities().forEach((k, v) -> data.put("verdict.entities." + k, v));
      List<Evidence> evidence = topEvidence(report);
      for (int i = 0; i < evidence.size(); i++) {
        Evidence e = evidence.get(i);
        data.put(
            "verdict.evidence." + (i + 1),
            e.summary() == null ? e.code() : e.code() + " — " + e.summary());
      }
      List<ProposedAction> proposals = verdict.proposals();
      for (int i = 0; i < proposals.size(); i++) {
        ProposedAction p = proposals.get(i);
        data.put(
            "verdict.proposals." + (i + 1),
            p.action()
                + " "
                + p.args().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", "))
                + " ("
                + p.status()
                + ")");
      }
    }
    if (incident.error() != null) {
      data.put("triageError", incident.error());
    }
    return data;
  }

  /** One line of evidence: a finding's code and summary, or the bare id when no finding has it. */
  record Evidence(String code, @Nullable String summary) {}

  /** The top evidence of {@code report}: the verdict's first findings. */
  static List<Evidence> topEvidence(TriageReport report) {
    Map<String, Finding> byId = report.findingsById();
    return report.verdict().evidence().stream()
        .limit(MAX_EVIDENCE)
        .map(
            id -> {
              Finding f = byId.get(id);
              return f == null ? new Evidence(id, null) : new Evidence(f.code(), f.summary());
            })
        .toList();
  }

  /**
   * A rollback target named by the incident: the table, and the snapshot when the triage found one.
   */
  record RollbackTarget(String table, @Nullable Long snapshot) {}

  /**
   * The table (and snapshot) a rollback in this incident's thread is about: the triage's own
   * rollback proposal when it made one, else the verdict's {@code table} entity with its {@code
   * rollbackTo}.
   */
  static Optional<RollbackTarget> rollbackTarget(Incident incident) {
    TriageReport report = incident.report();
    if (report == null) {
      return Optional.empty();
    }
    Verdict verdict = report.verdict();
    for (ProposedAction p : verdict.proposals()) {
      String table = p.args().get("table");
      if (p.action().equals(ROLLBACK_ACTION) && table != null && !table.isBlank()) {
        return Optional.of(new RollbackTarget(table, number(p.args().get("snapshot"))));
      }
    }
    String table = verdict.entities().get("table");
    if (table == null || table.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(new RollbackTarget(table, number(verdict.entities().get("rollbackTo"))));
  }

  private static @Nullable Long number(@Nullable String value) {
    if (value == null || !value.strip().matches("\\d{1,18}")) {
      return null;
    }
    return Long.valueOf(value.strip());
  }
}
