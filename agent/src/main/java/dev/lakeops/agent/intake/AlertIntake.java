package dev.lakeops.agent.intake;

import dev.lakeops.agent.alert.AlertmanagerAlert;
import dev.lakeops.agent.alert.AlertmanagerPayload;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.metrics.LakeopsMetrics;
import dev.lakeops.agent.report.ReportPoster;
import dev.lakeops.agent.triage.TriageWorker;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes in an alert notification: parses it, stores one incident per alert (a repeat returns the
 * stored incident) and only then queues the triage of the new firing ones.
 */
@ApplicationScoped
public class AlertIntake {

  private final Incidents incidents;
  private final TriageWorker worker;
  private final LakeopsMetrics metrics;
  /** Joins a repeat to its incident's report thread; null when built without CDI. */
  @Inject ReportPoster reports;

  @Inject
  public AlertIntake(Incidents incidents, TriageWorker worker, LakeopsMetrics metrics) {
    this.incidents = incidents;
    this.worker = worker;
    this.metrics = metrics;
  }

  /**
   * Takes in one Alertmanager webhook body. Every incident is durable when this returns.
   *
   * @return one entry per alert, in the payload's order
   * @throws dev.lakeops.agent.InvalidInputException when the body is not a valid notification;
   *     nothing is stored then
   */
  public List<Incidents.Opened> alertmanager(byte[] body) {
    return intake(AlertmanagerPayload.parse(body), "alertmanager");
  }

  /** Takes in one Grafana unified-alerting webhook body; as {@link #alertmanager}. */
  public List<Incidents.Opened> grafana(byte[] body) {
    return intake(AlertmanagerPayload.parseGrafana(body), "grafana");
  }

  /**
   * Takes in one alert that lakeops raised itself (the scheduler's probes), exactly as if a sender
   * had posted it: same dedup, same triage.
   */
  public Incidents.Opened raised(AlertmanagerAlert alert, String source) {
    return intake(new AlertmanagerPayload(java.util.Optional.empty(), List.of(alert)), source).get(0);
  }

  private List<Incidents.Opened> intake(AlertmanagerPayload payload, String source) {
    List<Incidents.Opened> opened = new ArrayList<>();
    for (AlertmanagerAlert alert : payload.alerts()) {
      opened.add(incidents.open(alert, payload.groupKey()));
    }
    opened.forEach(o -> metrics.alertReceived(source, o.duplicate()));
    opened.stream()
        .filter(o -> !o.duplicate() && o.incident().status() == IncidentStatus.TRIAGING)
        .forEach(o -> worker.submit(o.incident().id()));
    if (reports != null) {
      opened.stream().filter(Incidents.Opened::duplicate).forEach(o -> reports.repeated(o.incident()));
    }
    return opened;
  }
}
