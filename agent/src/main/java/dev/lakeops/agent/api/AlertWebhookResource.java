package dev.lakeops.agent.api;

import dev.lakeops.agent.alert.AlertStatus;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.IncidentSummary;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.intake.AlertIntake;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/**
 * Alert webhooks: Alertmanager's receiver ({@code webhook_configs}) and Grafana's unified-alerting
 * contact point. Answers {@code 202} once every alert is stored as an incident; the triage runs
 * afterwards. When webhook credentials are configured, {@link WebhookAuthFilter} checks them first.
 * The body is read as bytes and parsed by {@link AlertIntake} with the JSON tree model, so that an
 * error can name the field that is wrong.
 */
@Path("/api/alerts")
public class AlertWebhookResource {

  private final AlertIntake intake;

  AlertWebhookResource(AlertIntake intake) {
    this.intake = intake;
  }

  @POST
  @Path("/alertmanager")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response alertmanager(byte[] body) {
    return accepted(intake.alertmanager(body));
  }

  /**
   * Grafana's unified-alerting webhook contact point (POST or PUT, as the contact point is set).
   */
  @POST
  @Path("/grafana")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response grafana(byte[] body) {
    return accepted(intake.grafana(body));
  }

  @PUT
  @Path("/grafana")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response grafanaPut(byte[] body) {
    return accepted(intake.grafana(body));
  }

  private static Response accepted(List<Incidents.Opened> opened) {
    List<Receipt> receipts =
        opened.stream()
            .map(
                o ->
                    new Receipt(
                        o.incident().id(),
                        o.incident().fingerprint(),
                        o.incident().alertname(),
                        o.incident().status(),
                        o.incident().alertStatus(),
                        IncidentSummary.url(o.incident().id()),
                        o.duplicate()))
            .toList();
    return Response.accepted(new Accepted(receipts)).build();
  }

  record Accepted(List<Receipt> incidents) {}

  record Receipt(
      String id,
      String fingerprint,
      String alertname,
      IncidentStatus status,
      AlertStatus alertStatus,
      String url,
      boolean duplicate) {}
}
