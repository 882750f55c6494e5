package dev.lakeops.agent.alert;

import java.util.List;
import java.util.Optional;

/**
 * One Alertmanager webhook notification (payload {@code version: "4"}): every alert of one group.
 * Fields lakeops does not use ({@code receiver}, {@code groupLabels}, {@code externalURL}, ...) are
 * not kept.
 *
 * @param groupKey identifies the alert group; empty when the sender did not say
 * @param alerts the group's alerts, at least one
 */
public record AlertmanagerPayload(Optional<String> groupKey, List<AlertmanagerAlert> alerts) {

  public AlertmanagerPayload {
    alerts = List.copyOf(alerts);
  }

  /**
   * Reads a notification from the raw request body.
   *
   * @throws dev.lakeops.agent.InvalidInputException naming the first field that is wrong
   */
  public static AlertmanagerPayload parse(byte[] body) {
    return AlertmanagerJson.read(body);
  }

  /**
   * Reads a Grafana unified-alerting webhook notification (Alertmanager's shape, version "1").
   *
   * @throws dev.lakeops.agent.InvalidInputException naming the first field that is wrong
   */
  public static AlertmanagerPayload parseGrafana(byte[] body) {
    return AlertmanagerJson.read(body, WebhookFlavor.GRAFANA);
  }
}
