package dev.lakeops.agent.incident;

/**
 * An incident as Markdown for chat: the triage report once there is one, else one line saying where
 * the triage stands.
 */
public final class IncidentMarkdown {

  private IncidentMarkdown() {}

  public static String render(Incident incident) {
    String alert = "'" + text(incident.alertname()) + "' (incident " + incident.id() + ")";
    return switch (incident.status()) {
      case TRIAGED -> incident.report().toMarkdown();
      case TRIAGING -> "Triage of alert " + alert + " is in progress.\n";
      case FAILED ->
          "Triage of alert " + alert + " failed: " + text(String.valueOf(incident.error())) + "\n";
      case RESOLVED ->
          "Alert " + alert + " was already resolved when it arrived; it was not triaged.\n";
    };
  }

  /** Text from another system as one line that cannot restyle or link the message. */
  private static String text(String s) {
    return s.replaceAll("[\\r\\n]+", " ")
        .replace("`", "'")
        .replace("<", "&lt;")
        .replace(">", "&gt;");
  }
}
