package dev.lakeops.agent.console;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.runbooks.TriageReport;
import io.quarkus.qute.TemplateData;
import java.util.Locale;
import java.util.Optional;

/**
 * One row of the incidents list: what the incident is about, how bad, what the triage concluded,
 * when and where it stands.
 *
 * @param kind the entity's kind ({@code job}, {@code group}, {@code table}, {@code binlog}), or
 *     empty when the verdict names none or the triage has not finished
 * @param kindLabel the kind in the page's language, or empty
 * @param name the entity's name, or empty
 * @param severity the worst severity the verdict's evidence has, or {@code -}
 * @param category the verdict's category, or {@code -} before the triage finished
 * @param received when the alert arrived, ISO-8601
 */
@TemplateData
public record IncidentRow(
    String id,
    String alertname,
    String kind,
    String kindLabel,
    String name,
    String severity,
    String category,
    String status,
    String alertStatus,
    String received) {

  /** The CSS class of the severity, {@code sev-critical} … or {@code sev-none}. */
  public String severityClass() {
    return "sev-" + (severity.equals("-") ? "none" : severity.toLowerCase(Locale.ROOT));
  }

  static IncidentRow of(Incident i, ConsoleTexts m) {
    TriageReport report = i.report();
    Optional<IncidentEntity> entity =
        report == null ? Optional.empty() : IncidentEntity.of(report.verdict());
    String kind = entity.map(e -> e.kind().key()).orElse("");
    return new IncidentRow(
        i.id(),
        i.alertname(),
        kind,
        kind.isEmpty() ? "" : m.t("entity." + kind),
        entity.map(IncidentEntity::name).orElse(""),
        report == null ? "-" : IncidentEntity.severity(report).map(Enum::name).orElse("-"),
        report == null ? "-" : report.verdict().category().name(),
        i.status().name(),
        i.alertStatus().name(),
        i.receivedAt().toString());
  }
}
