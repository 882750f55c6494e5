package dev.lakeops.agent.im.slack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.im.DeliveryException;
import dev.lakeops.agent.im.ImHttp;
import java.net.URI;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Posts replies with Slack's Web API {@code chat.postMessage} (JSON body, {@code Authorization:
 * Bearer xoxb-...}); {@code thread_ts} keeps the reply in the thread it answers.
 */
public final class SlackClient {

  /** Slack's Web API. */
  public static final String DEFAULT_API_BASE_URL = "https://slack.com/api";

  /** Plain-text fallback of a message, shown in notifications; Slack truncates very long ones. */
  static final int MAX_FALLBACK_CHARS = 3000;

  private final URI postMessage;
  private final URI postEphemeral;
  private final String botToken;
  private final ImHttp http;

  public SlackClient(String apiBaseUrl, String botToken, ImHttp http) {
    this.postMessage = URI.create(stripSlash(apiBaseUrl) + "/chat.postMessage");
    this.postEphemeral = URI.create(stripSlash(apiBaseUrl) + "/chat.postEphemeral");
    this.botToken = botToken;
    this.http = http;
  }

  /**
   * Posts {@code reply} to {@code channel}, in the thread {@code threadTs} when given.
   *
   * @return the posted message's {@code ts} (empty when Slack answered none); a thread's id
   * @throws DeliveryException Slack answered {@code "ok": false} or an HTTP error
   */
  public String postMessage(String channel, @Nullable String threadTs, ChatReply reply) {
    return post(channel, threadTs, reply).ts();
  }

  /**
   * Where a posted message landed: the channel id Slack answered (a configured {@code #name} comes
   * back as its {@code C...} id, which is what Slack's events name) and the message's {@code ts}.
   */
  public record Posted(String channel, String ts) {}

  /**
   * Posts like {@link #postMessage}, answering the channel id and {@code ts} Slack gave back; the
   * channel is the one given when Slack names none.
   *
   * @throws DeliveryException Slack answered {@code "ok": false} or an HTTP error
   */
  public Posted post(String channel, @Nullable String threadTs, ChatReply reply) {
    ObjectNode body = JsonNodeFactory.instance.objectNode().put("channel", channel);
    if (threadTs != null) {
      body.put("thread_ts", threadTs);
    }
    String text = reply.markdown();
    body.put(
        "text", text.length() <= MAX_FALLBACK_CHARS ? text : text.substring(0, MAX_FALLBACK_CHARS));
    body.set("blocks", SlackBlocks.render(reply));
    JsonNode answer =
        http.postJson(postMessage, Map.of("Authorization", "Bearer " + botToken), body);
    if (!answer.path("ok").asBoolean(false)) {
      throw new DeliveryException(
          "Slack chat.postMessage refused the reply: "
              + answer.path("error").asText("no error given"));
    }
    return new Posted(answer.path("channel").asText(channel), answer.path("ts").asText(""));
  }

  /**
   * Posts {@code reply} to {@code channel} (in the thread {@code threadTs} when given) so that only
   * {@code user} sees it: {@code chat.postEphemeral}. For what is that person's alone, such as
   * their approval links.
   *
   * @throws DeliveryException Slack answered {@code "ok": false} or an HTTP error
   */
  public void postEphemeral(
      String channel, String user, @Nullable String threadTs, ChatReply reply) {
    ObjectNode body =
        JsonNodeFactory.instance.objectNode().put("channel", channel).put("user", user);
    if (threadTs != null) {
      body.put("thread_ts", threadTs);
    }
    String text = reply.markdown();
    body.put(
        "text", text.length() <= MAX_FALLBACK_CHARS ? text : text.substring(0, MAX_FALLBACK_CHARS));
    body.set("blocks", SlackBlocks.render(reply));
    JsonNode answer =
        http.postJson(postEphemeral, Map.of("Authorization", "Bearer " + botToken), body);
    if (!answer.path("ok").asBoolean(false)) {
      throw new DeliveryException(
          "Slack chat.postEphemeral refused the reply: "
              + answer.path("error").asText("no error given"));
    }
  }

  static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
