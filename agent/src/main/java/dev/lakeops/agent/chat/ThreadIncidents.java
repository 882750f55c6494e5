package dev.lakeops.agent.chat;

import dev.lakeops.agent.incident.Incident;
import java.util.Optional;

/**
 * The incident a chat thread is about: the one whose triage report started the thread (Slack,
 * Feishu), or, on the REST chat API, the incident whose id is the thread. Follow-ups in that thread
 * are answered with it as context.
 */
public interface ThreadIncidents {

  /** The incident of {@code message}'s thread; empty for a thread no report started. */
  Optional<Incident> find(ChatMessage message);

  /** No thread is about an incident. */
  static ThreadIncidents none() {
    return message -> Optional.empty();
  }
}
