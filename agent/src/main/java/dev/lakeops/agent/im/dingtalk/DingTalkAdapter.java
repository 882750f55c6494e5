package dev.lakeops.agent.im.dingtalk;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.chat.PrivateLinks;
import dev.lakeops.agent.im.ChannelLanguages;
import dev.lakeops.agent.im.DeliveryException;
import dev.lakeops.agent.im.ImHttp;
import dev.lakeops.agent.im.Inbound;
import dev.lakeops.agent.im.RequestJson;
import dev.lakeops.agent.im.VerificationException;
import java.net.URI;
import java.time.Clock;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * DingTalk enterprise-robot callbacks (HTTP mode), verified by {@link DingTalkSignature} and
 * parsed: a {@code text} message becomes a chat message in its conversation, answered by POSTing to
 * the message's {@code sessionWebhook}. The webhook must start with the configured prefix
 * (DingTalk's API host by default), so that a request cannot make lakeops post elsewhere.
 */
public final class DingTalkAdapter {

  public static final String DEFAULT_SESSION_WEBHOOK_PREFIX = "https://oapi.dingtalk.com/";

  private final @Nullable DingTalkSignature signature;
  private final String sessionWebhookPrefix;
  private final ImHttp http;
  private final ChannelLanguages languages;
  private final Clock clock;

  /**
   * @param signature null when {@code lakeops.im.dingtalk.app-secret} is not set: every request is
   *     refused
   */
  public DingTalkAdapter(
      @Nullable DingTalkSignature signature,
      String sessionWebhookPrefix,
      ImHttp http,
      ChannelLanguages languages,
      Clock clock) {
    this.signature = signature;
    this.sessionWebhookPrefix = sessionWebhookPrefix;
    this.http = http;
    this.languages = languages;
    this.clock = clock;
  }

  public Inbound events(@Nullable String timestamp, @Nullable String sign, byte[] body) {
    if (signature == null) {
      throw new VerificationException(
          "DingTalk requests cannot be verified: lakeops.im.dingtalk.app-secret is not configured");
    }
    signature.verify(timestamp, sign);
    JsonNode root = RequestJson.object(body, "body");
    String type = RequestJson.text(root, "", "msgtype");
    if (!type.equals("text")) {
      return new Inbound.Ignore("msgtype " + type);
    }
    String text = RequestJson.text(RequestJson.object(root, "", "text"), "text.", "content");
    String conversation = RequestJson.text(root, "", "conversationId");
    // conversationType 1 is a single chat with the robot; in a group, approval links (one person's
    // credential) are left out.
    boolean direct = "1".equals(RequestJson.optionalText(root, "", "conversationType"));
    String staffId = RequestJson.optionalText(root, "", "senderStaffId");
    String user =
        staffId != null && !staffId.isBlank() ? staffId : RequestJson.text(root, "", "senderId");
    String webhook = RequestJson.text(root, "", "sessionWebhook");
    if (!webhook.startsWith(sessionWebhookPrefix)) {
      throw new InvalidInputException(
          "sessionWebhook",
          "does not start with "
              + sessionWebhookPrefix
              + " (lakeops.im.dingtalk.session-webhook-prefix)");
    }
    URI target;
    try {
      target = URI.create(webhook);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("sessionWebhook", "is not a valid URL");
    }
    JsonNode expires = root.get("sessionWebhookExpiredTime");
    long expiresAt =
        expires != null && expires.canConvertToLong() ? expires.asLong() : Long.MAX_VALUE;
    ChatMessage message =
        new ChatMessage(
            Platform.DINGTALK,
            conversation,
            conversation,
            user,
            text,
            languages.of(Platform.DINGTALK, conversation));
    return new Inbound.Chat(
        message,
        RequestJson.optionalText(root, "", "msgId"),
        reply -> {
          if (clock.millis() > expiresAt) {
            throw new DeliveryException(
                "DingTalk sessionWebhook expired at " + expiresAt + " before the reply was ready");
          }
          JsonNode answer =
              http.postJson(
                  target,
                  Map.of(),
                  DingTalkMessages.render(direct ? reply : PrivateLinks.forGroup(reply)));
          if (answer.path("errcode").asInt(-1) != 0) {
            throw new DeliveryException(
                "DingTalk sessionWebhook refused the reply: errcode "
                    + answer.path("errcode").asText("none")
                    + ", "
                    + answer.path("errmsg").asText(""));
          }
        });
  }
}
