package dev.lakeops.agent.report;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * Where and when an incident's report was posted: the chat thread it started.
 *
 * @param platform the chat platform's id, e.g. {@code slack}
 * @param threadKey the thread's key, {@code <platform>:<channel>:<thread>} (see {@link
 *     ReportThreads})
 * @param postedAt when the post was made
 */
public record ReportThread(String platform, String threadKey, Instant postedAt) {

  public ReportThread {
    requireNonNull(platform, "platform");
    requireNonNull(threadKey, "threadKey");
    requireNonNull(postedAt, "postedAt");
  }

  /** The channel or chat id, the key's middle part. */
  public String channel() {
    String rest = afterPlatform();
    int colon = rest.indexOf(':');
    return colon < 0 ? rest : rest.substring(0, colon);
  }

  /**
   * The thread within the channel (Slack {@code ts}, Feishu root message id), the key's last part.
   */
  public String thread() {
    String rest = afterPlatform();
    int colon = rest.indexOf(':');
    return colon < 0 ? "" : rest.substring(colon + 1);
  }

  private String afterPlatform() {
    int colon = threadKey.indexOf(':');
    return colon < 0 ? threadKey : threadKey.substring(colon + 1);
  }
}
