package dev.lakeops.agent.incident;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.alert.AlertmanagerAlert;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The incidents lakeops knows: opens one per alert (or recognises a repeat, also one that another
 * instance stored) and applies changes. The store makes each change atomic, so a repeat and the
 * triage finishing cannot overwrite each other.
 */
@ApplicationScoped
public class Incidents {

  private final IncidentStore store;
  private final Clock clock;

  @Inject
  public Incidents(IncidentStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** What {@link #open} did: the incident as stored now, and whether the alert was a repeat. */
  public record Opened(Incident incident, boolean duplicate) {}

  /**
   * Stores the incident of {@code alert}, or returns the stored one when the alert was seen before
   * (same fingerprint and start), marking it resolved when this notification says so. A new firing
   * alert is stored {@link IncidentStatus#TRIAGING}, a new resolved one {@link
   * IncidentStatus#RESOLVED}. Durable when it returns.
   */
  public Opened open(AlertmanagerAlert alert, Optional<String> groupKey) {
    Instant now = clock.instant();
    DedupKey key = new DedupKey(alert.fingerprint(), alert.startsAt().orElse(now));
    Optional<Incident> seen = store.findByDedupKey(key);
    if (seen.isEmpty()) {
      IncidentStatus status =
          alert.status() == AlertStatus.FIRING ? IncidentStatus.TRIAGING : IncidentStatus.RESOLVED;
      String alertname =
          alert.alertname() == null || alert.alertname().isBlank()
              ? "(unnamed alert)"
              : alert.alertname();
      Incident incident =
          new Incident(
              IncidentId.next(),
              key.fingerprint(),
              key.startsAt(),
              status,
              alert.status(),
              alertname,
              alert.labels(),
              alert.annotations(),
              groupKey.orElse(null),
              now,
              alert.endsAt().orElse(null),
              now,
              null,
              null,
              alert.generatorUrl(),
              alert.valuesText());
      seen = store.insertIfNew(incident);
      if (seen.isEmpty()) {
        return new Opened(incident, false);
      }
    }
    // A repeat, possibly received by another instance a moment ago.
    Incident incident = seen.get();
    if (alert.status() == AlertStatus.RESOLVED && incident.alertStatus() == AlertStatus.FIRING) {
      incident =
          store
              .update(
                  incident.id(),
                  i ->
                      i.alertStatus() == AlertStatus.FIRING
                          ? i.resolved(alert.endsAt().orElse(now), now)
                          : i)
              .orElse(incident);
    }
    return new Opened(incident, true);
  }

  public Optional<Incident> find(String id) {
    return store.find(id);
  }

  /** The most recently received incidents first, at most {@code limit}. */
  public List<Incident> list(int limit) {
    return store.list(limit);
  }

  /** The most recently received incidents in {@code status} first, at most {@code limit}. */
  public List<Incident> withStatus(IncidentStatus status, int limit) {
    return store.withStatus(status, limit);
  }

  /**
   * One page of incidents, most recently received first: those in {@code status} (any when null),
   * skipping the first {@code offset}, at most {@code limit}.
   */
  public List<Incident> page(@Nullable IncidentStatus status, long offset, int limit) {
    return store.page(status, offset, limit);
  }

  /**
   * Applies {@code change} to the stored incident and saves the result, atomically with respect to
   * every other change of that incident.
   *
   * @return the saved incident, or empty when there is no incident with this id
   */
  public Optional<Incident> update(String id, UnaryOperator<Incident> change) {
    return store.update(id, change);
  }
}
