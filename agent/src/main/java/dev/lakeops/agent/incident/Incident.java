package dev.lakeops.agent.incident;

import static java.util.Objects.requireNonNull;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * One alert that lakeops received, and its triage. Immutable: a change makes a new incident that
 * the store saves in place of the old one.
 *
 * @param id a random UUID (see {@link IncidentId})
 * @param fingerprint the alert's fingerprint: its label set, as 16 hex digits
 * @param startsAt when the alert started firing; the time it arrived when the sender did not say
 * @param status where the triage stands
 * @param alertStatus whether the alert still fires, as last notified
 * @param alertname the {@code alertname} label, or {@code (unnamed alert)}
 * @param labels the alert's labels, sorted by name
 * @param annotations the alert's annotations, sorted by name
 * @param groupKey Alertmanager's group key, when the sender gave one
 * @param receivedAt when lakeops first received the alert
 * @param endsAt when the alert resolved, once it has
 * @param updatedAt when this incident last changed
 * @param report the triage report, once {@link IncidentStatus#TRIAGED}
 * @param error why the triage failed, once {@link IncidentStatus#FAILED}: one line, no stack trace
 * @param generatorUrl the link to the rule that fired, as the sender gave it, or null
 * @param valuesText the alert's values as one text (Grafana), or null
 */
public record Incident(
    String id,
    String fingerprint,
    Instant startsAt,
    IncidentStatus status,
    AlertStatus alertStatus,
    String alertname,
    Map<String, String> labels,
    Map<String, String> annotations,
    @Nullable String groupKey,
    Instant receivedAt,
    @Nullable Instant endsAt,
    Instant updatedAt,
    @Nullable TriageReport report,
    @Nullable String error,
    @Nullable String generatorUrl,
    @Nullable String valuesText) {

  public Incident {
    requireNonNull(id, "id");
    requireNonNull(fingerprint, "fingerprint");
    requireNonNull(startsAt, "startsAt");
    requireNonNull(status, "status");
    requireNonNull(alertStatus, "alertStatus");
    requireNonNull(alertname, "alertname");
    labels = Collections.unmodifiableMap(new TreeMap<>(requireNonNull(labels, "labels")));
    annotations =
        Collections.unmodifiableMap(new TreeMap<>(annotations == null ? Map.of() : annotations));
    requireNonNull(receivedAt, "receivedAt");
    requireNonNull(updatedAt, "updatedAt");
  }

  /** An incident of an alert without the rule's link and values. */
  public Incident(
      String id,
      String fingerprint,
      Instant startsAt,
      IncidentStatus status,
      AlertStatus alertStatus,
      String alertname,
      Map<String, String> labels,
      Map<String, String> annotations,
      @Nullable String groupKey,
      Instant receivedAt,
      @Nullable Instant endsAt,
      Instant updatedAt,
      @Nullable TriageReport report,
      @Nullable String error) {
    this(
        id,
        fingerprint,
        startsAt,
        status,
        alertStatus,
        alertname,
        labels,
        annotations,
        groupKey,
        receivedAt,
        endsAt,
        updatedAt,
        report,
        error,
        null,
        null);
  }

  /** The key under which repeats of this alert are recognised. */
  public DedupKey dedupKey() {
    return new DedupKey(fingerprint, startsAt);
  }

  /** The alert as the planner reads it: as it was sent, with the rule's link, values and start. */
  public AlertSignal signal() {
    return new AlertSignal(labels, annotations, generatorUrl, valuesText, startsAt);
  }

  /** This incident with its finished triage. */
  public Incident triaged(TriageReport report, Instant now) {
    return new Incident(
        id,
        fingerprint,
        startsAt,
        IncidentStatus.TRIAGED,
        alertStatus,
        alertname,
        labels,
        annotations,
        groupKey,
        receivedAt,
        endsAt,
        now,
        requireNonNull(report, "report"),
        null,
        generatorUrl,
        valuesText);
  }

  /** This incident with a triage that broke; {@code error} is one line for a person. */
  public Incident failed(String error, Instant now) {
    return new Incident(
        id,
        fingerprint,
        startsAt,
        IncidentStatus.FAILED,
        alertStatus,
        alertname,
        labels,
        annotations,
        groupKey,
        receivedAt,
        endsAt,
        now,
        null,
        requireNonNull(error, "error"),
        generatorUrl,
        valuesText);
  }

  /** This incident after its alert resolved; the triage, if any, is kept. */
  public Incident resolved(@Nullable Instant endsAt, Instant now) {
    return new Incident(
        id,
        fingerprint,
        startsAt,
        status,
        AlertStatus.RESOLVED,
        alertname,
        labels,
        annotations,
        groupKey,
        receivedAt,
        endsAt,
        now,
        report,
        error,
        generatorUrl,
        valuesText);
  }
}
