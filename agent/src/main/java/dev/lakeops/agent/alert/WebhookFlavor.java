package dev.lakeops.agent.alert;

/** The senders whose alert webhooks lakeops reads; both use Alertmanager's payload shape. */
public enum WebhookFlavor {
  ALERTMANAGER("4", "an Alertmanager webhook payload", "/api/alerts/alertmanager"),
  GRAFANA("1", "a Grafana unified-alerting webhook payload", "/api/alerts/grafana");

  private final String version;
  private final String payloadName;
  private final String endpoint;

  WebhookFlavor(String version, String payloadName, String endpoint) {
    this.version = version;
    this.payloadName = payloadName;
    this.endpoint = endpoint;
  }

  /** The payload's {@code version} field. */
  public String version() {
    return version;
  }

  String payloadName() {
    return payloadName;
  }

  /** When a payload carries the other sender's version, says where it should have been sent. */
  String otherHint(String sentVersion) {
    for (WebhookFlavor other : values()) {
      if (other != this && other.version.equals(sentVersion)) {
        return " (version \""
            + sentVersion
            + "\" is "
            + other.payloadName
            + ": send it to "
            + other.endpoint
            + ")";
      }
    }
    return "";
  }
}
