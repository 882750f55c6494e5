package dev.lakeops.agent.report;

import jakarta.inject.Singleton;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which chat thread holds each incident's report, both ways, in memory (lost at restart). A thread
 * key is {@code slack:<channel>:<ts>} or {@code feishu:<message_id>}; a chat message in that thread
 * finds its incident with {@link #incidentFor}.
 */
@Singleton
public final class ReportThreads {

  private final Map<String, String> threadByIncident = new ConcurrentHashMap<>();
  private final Map<String, String> incidentByThread = new ConcurrentHashMap<>();

  /** The key of a Slack thread: its channel and the {@code ts} of its first message. */
  public static String slackKey(String channel, String ts) {
    return "slack:" + channel + ":" + ts;
  }

  /** The key of a Feishu thread: the id of its first message. */
  public static String feishuKey(String messageId) {
    return "feishu:" + messageId;
  }

  /** Remembers that {@code threadKey} holds the report of {@code incidentId}. */
  public void remember(String incidentId, String threadKey) {
    threadByIncident.put(incidentId, threadKey);
    incidentByThread.put(threadKey, incidentId);
  }

  public Optional<String> threadOf(String incidentId) {
    return Optional.ofNullable(threadByIncident.get(incidentId));
  }

  /** The incident whose report started the thread {@code threadKey}. */
  public Optional<String> incidentFor(String threadKey) {
    return Optional.ofNullable(incidentByThread.get(threadKey));
  }
}
