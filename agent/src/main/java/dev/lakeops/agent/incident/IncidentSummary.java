package dev.lakeops.agent.incident;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.runbooks.Category;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * An incident in a list: who, when, where its triage stands and, once triaged, the verdict's
 * category and headline.
 */
public record IncidentSummary(
    String id,
    String alertname,
    String fingerprint,
    IncidentStatus status,
    AlertStatus alertStatus,
    Instant startsAt,
    Instant receivedAt,
    @Nullable Category category,
    @Nullable String headline,
    String url) {

  public static IncidentSummary of(Incident incident) {
    boolean triaged = incident.report() != null;
    return new IncidentSummary(
        incident.id(),
        incident.alertname(),
        incident.fingerprint(),
        incident.status(),
        incident.alertStatus(),
        incident.startsAt(),
        incident.receivedAt(),
        triaged ? incident.report().verdict().category() : null,
        triaged ? incident.report().verdict().headline() : null,
        IncidentSummary.url(incident.id()));
  }

  /** Where the API serves an incident. */
  public static String url(String id) {
    return "/api/incidents/" + id;
  }
}
