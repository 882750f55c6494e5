package dev.lakeops.agent.intake;

import dev.lakeops.agent.alert.AlertmanagerAlert;
import dev.lakeops.agent.alert.AlertmanagerPayload;
import dev.lakeops.agent.incident.AlertReceived;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.metrics.LakeopsMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Takes in an alert notification: stores one incident per alert (a repeat returns the stored
 * incident), then announces each alert with {@link AlertReceived}, on which the triage of the new
 * firing ones is queued, the alert is metered and a repeat joins its report's thread.
 */
@ApplicationScoped
public class AlertIntake {

  private final Incidents incidents;
  private final Event<AlertReceived> received;

  @Inject
  public AlertIntake(Incidents incidents, Event<AlertReceived> received) {
    this.incidents = incidents;
    this.received = received;
  }

  /**
   * Takes in one Alertmanager webhook body. Every incident is durable when this returns.
   *
   * @return one entry per alert, in the payload's order
   * @throws dev.lakeops.agent.InvalidInputException when the body is not a valid notification;
   *     nothing is stored then
   */
  public List<Incidents.Opened> alertmanager(byte[] body) {
    return intake(AlertmanagerPayload.parse(body), LakeopsMetrics.SOURCE_ALERTMANAGER);
  }

  /** Takes in one Grafana unified-alerting webhook body; as {@link #alertmanager}. */
  public List<Incidents.Opened> grafana(byte[] body) {
    return intake(AlertmanagerPayload.parseGrafana(body), LakeopsMetrics.SOURCE_GRAFANA);
  }

  /**
   * Takes in one alert that lakeops raised itself (the scheduler's probes), exactly as if a sender
   * had posted it: same dedup, same triage.
   */
  public Incidents.Opened raised(AlertmanagerAlert alert, String source) {
    return intake(new AlertmanagerPayload(Optional.empty(), List.of(alert)), source).get(0);
  }

  private List<Incidents.Opened> intake(AlertmanagerPayload payload, String source) {
    List<Incidents.Opened> opened = new ArrayList<>();
    for (AlertmanagerAlert alert : payload.alerts()) {
      opened.add(incidents.open(alert, payload.groupKey()));
    }
    opened.forEach(o -> received.fire(new AlertReceived(o.incident(), o.duplicate(), source)));
    return opened;
  }
}
