package dev.lakeops.agent.im.feishu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.im.DeliveryException;
import dev.lakeops.agent.im.Digests;
import dev.lakeops.agent.im.ImHttp;
import dev.lakeops.tools.Json;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Sends cards with the Feishu/Lark Open API: a {@code tenant_access_token} from {@code POST
 * /auth/v3/tenant_access_token/internal} (cached until a minute before it expires), then {@code
 * POST /im/v1/messages/{message_id}/reply} or {@code POST /im/v1/messages?receive_id_type=chat_id}
 * with {@code msg_type: interactive} and the card as a JSON string in {@code content}. Also posts
 * to a custom-bot webhook, signed when a secret is set.
 */
public final class FeishuClient {

  /** Feishu's Open API; Lark's is {@code https://open.larksuite.com/open-apis}. */
  public static final String DEFAULT_API_BASE_URL = "https://open.feishu.cn/open-apis";

  private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,128}");

  private final String apiBaseUrl;
  private final String appId;
  private final String appSecret;
  private final ImHttp http;
  private final Clock clock;
  private @Nullable String token;
  private Instant tokenExpires = Instant.EPOCH;

  public FeishuClient(String apiBaseUrl, String appId, String appSecret, ImHttp http, Clock clock) {
    this.apiBaseUrl =
        apiBaseUrl.endsWith("/") ? apiBaseUrl.substring(0, apiBaseUrl.length() - 1) : apiBaseUrl;
    this.appId = appId;
    this.appSecret = appSecret;
    this.http = http;
    this.clock = clock;
  }

  /** Replies to message {@code messageId} with {@code reply} as a card. */
  public void reply(String messageId, ChatReply reply) {
    checkId(messageId, "message_id");
    ObjectNode body =
        JsonNodeFactory.instance
            .objectNode()
            .put("msg_type", "interactive")
            .put("content", Json.compact(FeishuCard.render(reply)));
    check(
        http.postJson(
            URI.create(apiBaseUrl + "/im/v1/messages/" + messageId + "/reply"), auth(), body),
        "im/v1/messages/reply");
  }

  /**
   * Sends {@code reply} as a card to chat {@code chatId}; returns the new message's id (empty when
   * none was answered).
   */
  public String sendToChat(String chatId, ChatReply reply) {
    checkId(chatId, "chat_id");
    ObjectNode body =
        JsonNodeFactory.instance
            .objectNode()
            .put("receive_id", chatId)
            .put("msg_type", "interactive")
            .put("content", Json.compact(FeishuCard.render(reply)));
    JsonNode answer =
        http.postJson(
            URI.create(apiBaseUrl + "/im/v1/messages?receive_id_type=chat_id"), auth(), body);
    check(answer, "im/v1/messages");
    return answer.path("data").path("message_id").asText("");
  }

  /**
   * Posts {@code reply} to a custom-bot webhook: {@code {"msg_type": "interactive", "card":
   * {...}}}, plus {@code timestamp} (seconds) and {@code sign = Base64(HmacSHA256(key = timestamp +
   * "\n" + secret, ""))} when {@code secret} is set.
   */
  public static void postWebhook(
      ImHttp http, URI webhook, @Nullable String secret, ChatReply reply, Clock clock) {
    ObjectNode body = JsonNodeFactory.instance.objectNode();
    if (secret != null && !secret.isBlank()) {
      String timestamp = Long.toString(clock.instant().getEpochSecond());
      body.put("timestamp", timestamp).put("sign", webhookSign(timestamp, secret));
    }
    body.put("msg_type", "interactive").set("card", FeishuCard.render(reply));
    JsonNode answer = http.postJson(webhook, Map.of(), body);
    // Custom bots answer {"code": 0} now and {"StatusCode": 0} in older deployments.
    if (answer.path("code").asInt(answer.path("StatusCode").asInt(-1)) != 0) {
      throw new DeliveryException(
          "Feishu bot webhook refused: code "
              + answer.path("code").asText("none")
              + ", "
              + answer.path("msg").asText(""));
    }
  }

  /** The custom bot's signature; timestamp and secret form the HMAC key, the message is empty. */
  public static String webhookSign(String timestamp, String secret) {
    return Base64.getEncoder()
        .encodeToString(Digests.hmacSha256(Digests.utf8(timestamp + "\n" + secret), new byte[0]));
  }

  private synchronized Map<String, String> auth() {
    if (token == null || !clock.instant().isBefore(tokenExpires)) {
      ObjectNode request =
          JsonNodeFactory.instance.objectNode().put("app_id", appId).put("app_secret", appSecret);
      JsonNode answer =
          http.postJson(
              URI.create(apiBaseUrl + "/auth/v3/tenant_access_token/internal"), Map.of(), request);
      check(answer, "auth/v3/tenant_access_token/internal");
      String issued = answer.path("tenant_access_token").asText("");
      if (issued.isEmpty()) {
        throw new DeliveryException(
            "Feishu auth/v3/tenant_access_token/internal answered no tenant_access_token");
      }
      token = issued;
      tokenExpires = clock.instant().plusSeconds(Math.max(0, answer.path("expire").asLong(0) - 60));
    }
    return Map.of("Authorization", "Bearer " + token);
  }

  private static void check(JsonNode answer, String api) {
    if (answer.path("code").asInt(-1) != 0) {
      throw new DeliveryException(
          "Feishu "
              + api
              + " refused: code "
              + answer.path("code").asText("none")
              + ", "
              + answer.path("msg").asText(""));
    }
  }

  private static void checkId(String id, String field) {
    if (!ID.matcher(id).matches()) {
      throw new DeliveryException(
          "Feishu "
              + field
              + " '"
              + URLEncoder.encode(id, StandardCharsets.UTF_8)
              + "' is not a valid id");
    }
  }
}
