package dev.lakeops.agent.metrics;

import dev.lakeops.agent.incident.AlertReceived;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentTriaged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;

/** Meters each alert received and each triage stored ({@link LakeopsMetrics}). */
@ApplicationScoped
public class IncidentMeters {

  private final LakeopsMetrics metrics;

  @Inject
  public IncidentMeters(LakeopsMetrics metrics) {
    this.metrics = metrics;
  }

  void onAlert(@Observes AlertReceived event) {
    metrics.alertReceived(event.source(), event.duplicate());
  }

  void onTriaged(@Observes IncidentTriaged event) {
    Incident stored = event.incident();
    if (stored.report() != null) {
      metrics.triaged(stored.report(), Duration.between(stored.receivedAt(), stored.updatedAt()));
    } else {
      metrics.triageFailed();
    }
  }
}
