package dev.lakeops.agent.report;

import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.chat.ThreadIncidents;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentId;
import dev.lakeops.agent.incident.IncidentStore;
import java.util.Optional;

/**
 * Finds a thread's incident: the one whose report started the thread ({@link ReportThreads}), or on
 * the REST chat API the incident whose id is the {@code thread}, so that the console and scripts can
 * follow up on an incident as people do in Slack or Feishu.
 */
public final class ReportThreadIncidents implements ThreadIncidents {

  private final ReportThreads threads;
  private final IncidentStore incidents;

  public ReportThreadIncidents(ReportThreads threads, IncidentStore incidents) {
    this.threads = threads;
    this.incidents = incidents;
  }

  @Override
  public Optional<Incident> find(ChatMessage message) {
    Optional<String> id = threads.incidentFor(message.threadKey());
    if (id.isEmpty() && message.platform() == Platform.API && IncidentId.isValid(message.threadId())) {
      id = Optional.of(message.threadId());
    }
    return id.flatMap(incidents::find);
  }
}
