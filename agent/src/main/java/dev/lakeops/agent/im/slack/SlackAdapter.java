package dev.lakeops.agent.im.slack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.chat.PrivateLinks;
import dev.lakeops.agent.chat.ProposalIds;
import dev.lakeops.agent.im.ChannelLanguages;
import dev.lakeops.agent.im.DeliveryException;
import dev.lakeops.agent.im.FormBody;
import dev.lakeops.agent.im.Inbound;
import dev.lakeops.agent.im.ReplySender;
import dev.lakeops.agent.im.RequestJson;
import dev.lakeops.agent.im.VerificationException;
import dev.lakeops.tools.Json;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Slack's requests to lakeops, verified and parsed:
 *
 * <ul>
 *   <li>Events API (JSON): {@code url_verification} is answered with its challenge; {@code
 *       event_callback} with an {@code app_mention}, or a {@code message} in a direct conversation,
 *       becomes a chat message in the event's thread ({@code thread_ts}, else the message's own
 *       {@code ts}); bot messages and edits are ignored.
 *   <li>Slash commands (form fields {@code command}, {@code text}, {@code channel_id}, {@code
 *       user_id}) posted to the same URL.
 *   <li>Interactivity (form field {@code payload}, JSON {@code block_actions}): the Approve/Reject
 *       buttons of {@link SlackBlocks}, turned into the commands {@code approve <id>} / {@code
 *       reject <id>}.
 * </ul>
 */
public final class SlackAdapter {

  private final @Nullable SlackSignature signature;
  private final @Nullable SlackClient client;
  private final ChannelLanguages languages;

  /**
   * @param signature null when {@code lakeops.im.slack.signing-secret} is not set: every request is
   *     refused
   * @param client null when {@code lakeops.im.slack.bot-token} is not set: replies cannot be posted
   */
  public SlackAdapter(
      @Nullable SlackSignature signature,
      @Nullable SlackClient client,
      ChannelLanguages languages) {
    this.signature = signature;
    this.client = client;
    this.languages = languages;
  }

  /** A request to the Events API URL: an event, a URL verification, or a slash command. */
  public Inbound events(String timestamp, String signatureHeader, byte[] body) {
    verify(timestamp, signatureHeader, body);
    if (!startsWithBrace(body)) {
      return slashCommand(FormBody.parse(body));
    }
    JsonNode root = RequestJson.object(body, "body");
    String type = RequestJson.text(root, "", "type");
    if (type.equals("url_verification")) {
      String challenge = RequestJson.text(root, "", "challenge");
      return new Inbound.Answer(
          Json.compact(JsonNodeFactory.instance.objectNode().put("challenge", challenge)),
          "application/json");
    }
    if (!type.equals("event_callback")) {
      return new Inbound.Ignore("event type " + type);
    }
    JsonNode event = RequestJson.object(root, "", "event");
    String eventType = RequestJson.text(event, "event.", "type");
    if (event.hasNonNull("bot_id") || event.hasNonNull("subtype")) {
      return new Inbound.Ignore("bot message or edit");
    }
    boolean direct = "im".equals(RequestJson.optionalText(event, "event.", "channel_type"));
    if (!eventType.equals("app_mention") && !(eventType.equals("message") && direct)) {
      return new Inbound.Ignore("event " + eventType + " outside a direct conversation");
    }
    String channel = RequestJson.text(event, "event.", "channel");
    String user = RequestJson.text(event, "event.", "user");
    String text = RequestJson.text(event, "event.", "text");
    String ts = RequestJson.text(event, "event.", "ts");
    String threadTs = RequestJson.optionalText(event, "event.", "thread_ts");
    String thread = threadTs != null ? threadTs : ts;
    ChatMessage message =
        new ChatMessage(
            Platform.SLACK, thread, channel, user, text, languages.of(Platform.SLACK, channel));
    return new Inbound.Chat(
        message,
        RequestJson.optionalText(root, "", "event_id"),
        sender(channel, thread, user, direct));
  }

  private Inbound slashCommand(Map<String, String> form) {
    String command = required(form, "command");
    String channel = required(form, "channel_id");
    String user = required(form, "user_id");
    String text = form.getOrDefault("text", "");
    // A slash command has no thread: the reply starts one in the channel, and the channel is the
    // thread key.
    // "/lakeops triage x" carries the command in its text; "/triage x" in its name.
    String name = command.startsWith("/") ? command.substring(1) : command;
    String typed = name.equals("lakeops") ? text : name + " " + text;
    ChatMessage message =
        new ChatMessage(
            Platform.SLACK, channel, channel, user, typed, languages.of(Platform.SLACK, channel));
    return new Inbound.Chat(
        message, form.get("trigger_id"), sender(channel, null, user, isDirect(channel)));
  }

  /** A request to the Interactivity URL: a click on an Approve or Reject button. */
  public Inbound actions(String timestamp, String signatureHeader, byte[] body) {
    verify(timestamp, signatureHeader, body);
    String payloadText = required(FormBody.parse(body), "payload");
    JsonNode payload =
        RequestJson.object(
            payloadText.getBytes(java.nio.charset.StandardCharsets.UTF_8), "payload");
    String type = RequestJson.text(payload, "payload.", "type");
    if (!type.equals("block_actions")) {
      return new Inbound.Ignore("interaction " + type);
    }
    JsonNode actions = payload.get("actions");
    if (actions == null || !actions.isArray() || actions.isEmpty() || !actions.get(0).isObject()) {
      throw new InvalidInputException("payload.actions", "must be a non-empty array of actions");
    }
    String value = RequestJson.text(actions.get(0), "payload.actions[0].", "value");
    String command = command(value);
    String user =
        RequestJson.text(RequestJson.object(payload, "payload.", "user"), "payload.user.", "id");
    String channel =
        RequestJson.text(
            RequestJson.object(payload, "payload.", "channel"), "payload.channel.", "id");
    JsonNode container = RequestJson.object(payload, "payload.", "container");
    String messageTs = RequestJson.text(container, "payload.container.", "message_ts");
    String threadTs = RequestJson.optionalText(container, "payload.container.", "thread_ts");
    String thread = threadTs != null ? threadTs : messageTs;
    ChatMessage message =
        new ChatMessage(
            Platform.SLACK, thread, channel, user, command, languages.of(Platform.SLACK, channel));
    return new Inbound.Chat(
        message,
        RequestJson.optionalText(payload, "payload.", "trigger_id"),
        sender(channel, thread, user, isDirect(channel)));
  }

  /** {@code approve:<id>} → {@code approve <id>}; anything else is not one of our buttons. */
  static String command(String value) {
    int colon = value.indexOf(':');
    String action = colon < 0 ? "" : value.substring(0, colon);
    String id = colon < 0 ? "" : value.substring(colon + 1);
    if (!(action.equals("approve") || action.equals("reject")) || !ProposalIds.isValid(id)) {
      throw new InvalidInputException(
          "payload.actions[0].value",
          "'"
              + SlackSignature.abbreviate(value)
              + "' is not a lakeops button value (approve:<id> or reject:<id>)");
    }
    return action + " " + id;
  }

  /**
   * Replies in the thread; approval links (a credential of {@code user} alone) go in a message only
   * {@code user} sees unless the conversation is a direct one.
   */
  private ReplySender sender(
      String channel, @Nullable String threadTs, String user, boolean direct) {
    return reply -> {
      if (client == null) {
        throw new DeliveryException(
            "Slack reply not posted: lakeops.im.slack.bot-token is not configured");
      }
      if (direct || !PrivateLinks.has(reply)) {
        client.postMessage(channel, threadTs, reply);
        return;
      }
      ChatReply everyone = PrivateLinks.publicPart(reply);
      if (everyone != null) {
        client.postMessage(channel, threadTs, everyone);
      }
      client.postEphemeral(channel, user, threadTs, PrivateLinks.privatePart(reply));
    };
  }

  /** Slack ids of direct-message conversations start with D. */
  private static boolean isDirect(String channel) {
    return channel.startsWith("D");
  }

  private void verify(String timestamp, String signatureHeader, byte[] body) {
    if (signature == null) {
      throw new VerificationException(
          "Slack requests cannot be verified: lakeops.im.slack.signing-secret is not configured");
    }
    signature.verify(timestamp, signatureHeader, body);
  }

  private static String required(Map<String, String> form, String field) {
    String value = form.get(field);
    if (value == null || value.isBlank()) {
      throw new InvalidInputException(field, "is missing from the form body");
    }
    return value;
  }

  private static boolean startsWithBrace(byte[] body) {
    for (byte b : body) {
      if (b == '{') {
        return true;
      }
      if (!Character.isWhitespace(b)) {
        return false;
      }
    }
    return false;
  }
}
