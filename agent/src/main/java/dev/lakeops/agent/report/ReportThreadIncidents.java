package dev.lakeops.agent.report;

import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.chat.ThreadIncidents;
import dev.lakeops.agent.im.ChatResource;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentId;
import dev.lakeops.agent.incident.IncidentStore;
import java.util.List;
import java.util.Optional;

/**
 * Finds a thread's incident: the one whose report started the thread ({@link ReportThreads}), or on
 * the REST chat API the incident named by the {@code thread}, {@code <id>} or {@code
 * incident-<id>}, so that the console, the demo and scripts follow up on an incident as people do
 * in Slack or Feishu.
 */
public final class ReportThreadIncidents implements ThreadIncidents {

  /** The REST thread name {@code incident-<id>}, as the demo names an incident's thread. */
  static final String API_PREFIX = "incident-";

  private final ReportThreads threads;
  private final IncidentStore incidents;

  public ReportThreadIncidents(ReportThreads threads, IncidentStore incidents) {
    this.threads = threads;
    this.incidents = incidents;
  }

  /**
   * The keys of the REST threads about {@code incidentId}: the threads {@code <id>} and {@code
   * incident-<id>}.
   */
  public static List<String> restThreadKeys(String incidentId) {
    return List.of(
        ChatMessage.threadKey(Platform.API, ChatResource.CHANNEL, incidentId),
        ChatMessage.threadKey(Platform.API, ChatResource.CHANNEL, API_PREFIX + incidentId));
  }

  @Override
  public Optional<Incident> find(ChatMessage message) {
    Optional<String> id = threads.incidentFor(message.threadKey());
    if (id.isEmpty() && message.platform() == Platform.API) {
      String thread =
          message.threadId().startsWith(API_PREFIX)
              ? message.threadId().substring(API_PREFIX.length())
              : message.threadId();
      id = IncidentId.isValid(thread) ? Optional.of(thread) : Optional.empty();
    }
    return id.flatMap(incidents::find);
  }
}
