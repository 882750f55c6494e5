package dev.lakeops.agent.chat;

import static java.util.Objects.requireNonNull;

/**
 * One message a person wrote to lakeops, from any platform. The text is data from a person and
 * never becomes a shell string, a query or an instruction to a model.
 *
 * @param platform where it came from
 * @param threadId the conversation it belongs to (Slack {@code thread_ts}, Feishu root message id,
 *     DingTalk conversation id, WeCom user); replies go there and thread memory is keyed by it
 * @param channel the channel, chat or group id; {@code threadId} lives inside it
 * @param userId the sender's id on that platform
 * @param text what was written, with the bot mention removed
 * @param language the language to answer in, resolved from the channel's configuration
 */
public record ChatMessage(
    Platform platform,
    String threadId,
    String channel,
    String userId,
    String text,
    Language language) {

  public ChatMessage {
    requireNonNull(platform, "platform");
    requireNonNull(threadId, "threadId");
    requireNonNull(channel, "channel");
    requireNonNull(userId, "userId");
    requireNonNull(text, "text");
    requireNonNull(language, "language");
  }

  /** The thread's key across platforms, e.g. {@code slack:C123:1712345678.000100}. */
  public String threadKey() {
    return threadKey(platform, channel, threadId);
  }

  /** The key of thread {@code threadId} in {@code channel} on {@code platform}. */
  public static String threadKey(Platform platform, String channel, String threadId) {
    return platform.id() + ":" + channel + ":" + threadId;
  }
}
