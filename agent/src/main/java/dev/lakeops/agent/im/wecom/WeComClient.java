package dev.lakeops.agent.im.wecom;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.im.DeliveryException;
import dev.lakeops.agent.im.ImHttp;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Sends markdown with the WeCom server API: an {@code access_token} from {@code GET
 * /cgi-bin/gettoken?corpid=..&corpsecret=..} (cached until a minute before it expires), then {@code
 * POST /cgi-bin/message/send?access_token=..} with {@code touser}, {@code agentid} and the
 * markdown. Also posts to a group robot webhook ({@code /cgi-bin/webhook/send?key=..}).
 */
public final class WeComClient {

  /** WeCom's server API. */
  public static final String DEFAULT_API_BASE_URL = "https://qyapi.weixin.qq.com";

  private final String apiBaseUrl;
  private final String corpId;
  private final String secret;
  private final long agentId;
  private final ImHttp http;
  private final Clock clock;
  private @Nullable String token;
  private Instant tokenExpires = Instant.EPOCH;

  public WeComClient(
      String apiBaseUrl, String corpId, String secret, long agentId, ImHttp http, Clock clock) {
    this.apiBaseUrl =
        apiBaseUrl.endsWith("/") ? apiBaseUrl.substring(0, apiBaseUrl.length() - 1) : apiBaseUrl;
    this.corpId = corpId;
    this.secret = secret;
    this.agentId = agentId;
    this.http = http;
    this.clock = clock;
  }

  /** Sends {@code reply} as the app's markdown message to user {@code userId}. */
  public void sendToUser(String userId, ChatReply reply) {
    ObjectNode body = WeComMarkdown.body(reply);
    body.put("touser", userId).put("agentid", agentId);
    check(
        http.postJson(
            URI.create(apiBaseUrl + "/cgi-bin/message/send?access_token=" + encode(token())),
            Map.of(),
            body),
        "cgi-bin/message/send");
  }

  /** Posts {@code reply} as markdown to a group robot's webhook URL (its key is its secret). */
  public static void postRobot(ImHttp http, URI webhook, ChatReply reply) {
    check(http.postJson(webhook, Map.of(), WeComMarkdown.body(reply)), "group robot webhook");
  }

  private synchronized String token() {
    if (token == null || !clock.instant().isBefore(tokenExpires)) {
      JsonNode answer =
          http.getJson(
              URI.create(
                  apiBaseUrl
                      + "/cgi-bin/gettoken?corpid="
                      + encode(corpId)
                      + "&corpsecret="
                      + encode(secret)));
      check(answer, "cgi-bin/gettoken");
      String issued = answer.path("access_token").asText("");
      if (issued.isEmpty()) {
        throw new DeliveryException("WeCom cgi-bin/gettoken answered no access_token");
      }
      token = issued;
      tokenExpires =
          clock.instant().plusSeconds(Math.max(0, answer.path("expires_in").asLong(0) - 60));
    }
    return token;
  }

  private static void check(JsonNode answer, String api) {
    if (answer.path("errcode").asInt(-1) != 0) {
      throw new DeliveryException(
          "WeCom "
              + api
              + " refused: errcode "
              + answer.path("errcode").asText("none")
              + ", "
              + answer.path("errmsg").asText(""));
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
