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

/**
 * The incidents lakeops knows: opens one per alert (or recognises a repeat) and applies changes.
 * Every read-change-save runs under one lock, so a repeat and the triage finishing cannot
 * overwrite each other.
 */
@ApplicationScoped
public class Incidents {

  private final IncidentStore store;
  private final Clock clock;
  private final Object lock = new Object();

  @Inject
  public Incidents(IncidentStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** What {@link #open} did: the incident as stored now, and whether the alert was a repeat. */
  public record Opened(Incident incident, boolean duplicate) {}

  /**
   * Stores the incident of {@code alert}, or returns the stored one when the alert was seen before
   * (same fingerprint and start), marking it resolved when this notification says so. A new
   * firing alert is stored {@link IncidentStatus#TRIAGING}, a new resolved one
   * {@link IncidentStatus#RESOLVED}. Durable when it returns.
   */
  public Opened open(AlertmanagerAlert alert, Optional<String> groupKey) {
    synchronized (lock) {
      Instant now = clock.instant();
      DedupKey key = new DedupKey(alert.fingerprint(), alert.startsAt().orElse(now));
      Optional<Incident> seen = store.findByDedupKey(key);
      if (seen.isPresent()) {
        Incident incident = seen.get();
        if (alert.status() == AlertStatus.RESOLVED && incident.alertStatus() == AlertStatus.FIRING) {
          incident = incident.resolved(alert.endsAt().orElse(now), now);
          store.save(incident);
        }
        return new Opened(incident, true);
      }
      IncidentStatus status = alert.status() == AlertStatus.FIRING ? IncidentStatus.TRIAGING : IncidentStatus.RESOLVED;
      String alertname = alert.alertname() == null || alert.alertname().isBlank() ? "(unnamed alert)" : alert.alertname();
      Incident incident = new Incident(IncidentId.next(), key.fingerprint(), key.startsAt(), status, alert.status(), alertname,
          alert.labels(), alert.annotations(), groupKey.orElse(null), now, alert.endsAt().orElse(null), now, null, null);
      store.save(incident);
      return new Opened(incident, false);
    }
  }

  public Optional<Incident> find(String id) {
    return store.find(id);
  }

  /** Every incident, most recently received first. */
  public List<Incident> list() {
    return store.list();
  }

  /**
   * Applies {@code change} to the stored incident and saves the result.
   *
   * @return the saved incident, or empty when there is no incident with this id
   */
  public Optional<Incident> update(String id, UnaryOperator<Incident> change) {
    synchronized (lock) {
      Optional<Incident> changed = store.find(id).map(change);
      changed.ifPresent(store::save);
      return changed;
    }
  }
}
