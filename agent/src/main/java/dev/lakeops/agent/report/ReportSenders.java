package dev.lakeops.agent.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.im.DeliveryException;
import dev.lakeops.agent.im.Digests;
import dev.lakeops.agent.im.ImConfig;
import dev.lakeops.agent.im.ImHttp;
import dev.lakeops.agent.im.dingtalk.DingTalkMessages;
import dev.lakeops.agent.im.feishu.FeishuClient;
import dev.lakeops.agent.im.slack.SlackClient;
import dev.lakeops.agent.im.wecom.WeComClient;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The {@link ReportSender} of a channel, over the chat platforms' outgoing clients. */
final class ReportSenders {

  private ReportSenders() {}

  /**
   * The sender for {@code channel}.
   *
   * @throws IllegalArgumentException the platform credentials the channel needs are not configured;
   *     the message names the keys
   */
  static ReportSender of(
      ReportChannel channel,
      ImConfig im,
      ImHttp http,
      Clock clock,
      @Nullable String webhookSecret) {
    String target = channel.target();
    return switch (channel.kind()) {
      case SLACK ->
          slack(
              target,
              new SlackClient(
                  im.slack().apiBaseUrl(),
                  required(im.slack().botToken(), "lakeops.im.slack.bot-token", channel),
                  http));
      case FEISHU ->
          feishu(
              target,
              new FeishuClient(
                  im.feishu().apiBaseUrl(),
                  required(im.feishu().appId(), "lakeops.im.feishu.app-id", channel),
                  required(im.feishu().appSecret(), "lakeops.im.feishu.app-secret", channel),
                  http,
                  clock));
      case FEISHU_WEBHOOK ->
          unthreaded(
              reply ->
                  FeishuClient.postWebhook(http, URI.create(target), webhookSecret, reply, clock));
      case DINGTALK_ROBOT ->
          unthreaded(reply -> dingTalkRobot(http, target, webhookSecret, reply, clock));
      case WECOM -> {
        WeComClient client =
            new WeComClient(
                im.weCom().apiBaseUrl(),
                required(im.weCom().corpId(), "lakeops.im.wecom.corp-id", channel),
                required(im.weCom().secret(), "lakeops.im.wecom.secret", channel),
                im.weCom()
                    .agentId()
                    .orElseThrow(() -> missing("lakeops.im.wecom.agent-id", channel)),
                http,
                clock);
        yield unthreaded(reply -> client.sendToUser(target, reply));
      }
      case WECOM_ROBOT -> {
        URI webhook =
            URI.create(
                strip(im.weCom().apiBaseUrl())
                    + "/cgi-bin/webhook/send?key="
                    + URLEncoder.encode(target, StandardCharsets.UTF_8));
        yield unthreaded(reply -> WeComClient.postRobot(http, webhook, reply));
      }
    };
  }

  /**
   * Posts to {@code channel} (an id or a {@code #name}); the thread key takes the channel id Slack
   * answers, so that replies in the thread, whose events carry the id, find the incident.
   */
  static ReportSender slack(String channel, SlackClient client) {
    return new ReportSender() {
      @Override
      public Optional<String> post(ChatReply reply) {
        SlackClient.Posted posted = client.post(channel, null, reply);
        return posted.ts().isEmpty()
            ? Optional.empty()
            : Optional.of(ReportThreads.slackKey(posted.channel(), posted.ts()));
      }

      @Override
      public void reply(String threadKey, ChatReply reply) {
        String[] parts = threadKey.split(":", 3);
        client.postMessage(
            parts.length == 3 ? parts[1] : channel,
            threadKey.substring(threadKey.lastIndexOf(':') + 1),
            reply);
      }
    };
  }

  private static ReportSender feishu(String chatId, FeishuClient client) {
    return new ReportSender() {
      @Override
      public Optional<String> post(ChatReply reply) {
        String messageId = client.sendToChat(chatId, reply);
        return messageId.isEmpty()
            ? Optional.empty()
            : Optional.of(ReportThreads.feishuKey(chatId, messageId));
      }

      @Override
      public void reply(String threadKey, ChatReply reply) {
        client.reply(threadKey.substring(threadKey.lastIndexOf(':') + 1), reply);
      }
    };
  }

  private interface Post {
    void post(ChatReply reply);
  }

  private static ReportSender unthreaded(Post post) {
    return new ReportSender() {
      @Override
      public Optional<String> post(ChatReply reply) {
        post.post(reply);
        return Optional.empty();
      }

      @Override
      public void reply(String threadKey, ChatReply reply) {
        throw new DeliveryException("This report channel has no threads to reply in");
      }
    };
  }

  /**
   * Posts to a DingTalk custom robot; with a secret, adds {@code timestamp} (ms) and {@code sign =
   * Base64(HmacSHA256(key = secret, timestamp + "\n" + secret))} to the URL.
   */
  static void dingTalkRobot(
      ImHttp http, String webhook, @Nullable String secret, ChatReply reply, Clock clock) {
    String url = webhook;
    if (secret != null && !secret.isBlank()) {
      long timestamp = clock.millis();
      String sign =
          Base64.getEncoder()
              .encodeToString(
                  Digests.hmacSha256(
                      Digests.utf8(secret), Digests.utf8(timestamp + "\n" + secret)));
      url =
          url
              + (url.contains("?") ? "&" : "?")
              + "timestamp="
              + timestamp
              + "&sign="
              + URLEncoder.encode(sign, StandardCharsets.UTF_8);
    }
    JsonNode answer = http.postJson(URI.create(url), Map.of(), DingTalkMessages.render(reply));
    if (answer.path("errcode").asInt(-1) != 0) {
      throw new DeliveryException(
          "DingTalk robot webhook refused: errcode "
              + answer.path("errcode").asText("none")
              + ", "
              + answer.path("errmsg").asText(""));
    }
  }

  private static String required(Optional<String> value, String key, ReportChannel channel) {
    return value.filter(v -> !v.isBlank()).orElseThrow(() -> missing(key, channel));
  }

  private static IllegalArgumentException missing(String key, ReportChannel channel) {
    return new IllegalArgumentException(
        "lakeops.report.channel=" + channel.kind().id() + ":... needs " + key + " to be set");
  }

  private static String strip(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
