package dev.lakeops.agent.im;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.chat.ChatButton;
import dev.lakeops.agent.chat.ChatCard;
import dev.lakeops.agent.chat.ChatIntent;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.im.feishu.FeishuClient;
import dev.lakeops.agent.im.slack.SlackClient;
import dev.lakeops.agent.im.wecom.WeComClient;
import dev.lakeops.tools.Json;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each platform's outgoing message as the loopback platform receives it. */
class OutgoingMessagesTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static LoopbackPlatform platform;
  private final ImHttp http = new ImHttp();
  private final MutableClock clock = new MutableClock(Instant.parse("2026-05-01T12:00:00Z"));

  private static final ChatReply PROPOSAL =
      new ChatReply(
          ChatIntent.Kind.ROLLBACK_PROPOSAL,
          "### Rollback of `lake.orders`\n\n**Proposal** p-9 waits for approval.",
          Language.EN,
          new ChatCard(
              "Proposal p-9",
              List.of(
                  new ChatButton("Approve", ChatButton.Action.APPROVE, "p-9"),
                  new ChatButton("Reject", ChatButton.Action.REJECT, "p-9"))));

  @BeforeAll
  static void start() {
    platform = LoopbackPlatform.start(61721);
  }

  @AfterAll
  static void stop() {
    platform.close();
  }

  @BeforeEach
  void drain() {
    platform.drain();
  }

  @Test
  void slackPostsBlockKitWithButtonsIntoTheThread() throws Exception {
    new SlackClient(platform.baseUrl() + "/api/", "xoxb-1", http)
        .postMessage("C42", "171.0001", PROPOSAL);

    LoopbackPlatform.Captured post = platform.next("/api/chat.postMessage", WAIT);
    assertThat(post.header("Authorization")).isEqualTo("Bearer xoxb-1");
    JsonNode body = post.json();
    assertThat(body.path("channel").asText()).isEqualTo("C42");
    assertThat(body.path("thread_ts").asText()).isEqualTo("171.0001");
    JsonNode blocks = body.path("blocks");
    assertThat(blocks.get(0).path("text").path("text").asText())
        .startsWith("*Rollback of `lake.orders`*")
        .contains("*Proposal* p-9");
    JsonNode buttons = blocks.get(blocks.size() - 1).path("elements");
    assertThat(buttons.get(0).path("value").asText()).isEqualTo("approve:p-9");
    assertThat(buttons.get(0).path("style").asText()).isEqualTo("primary");
    assertThat(buttons.get(1).path("value").asText()).isEqualTo("reject:p-9");
    assertThat(buttons.get(1).path("action_id").asText()).isEqualTo("lakeops.reject");
  }

  @Test
  void slackSplitsLongReportsIntoSectionsUnderTheBlockLimit() throws Exception {
    String longReport = ("- WARN `kafka.lag.growing` partition lag grows\n").repeat(200);
    new SlackClient(platform.baseUrl() + "/api", "xoxb-1", http)
        .postMessage(
            "C42", null, new ChatReply(ChatIntent.Kind.LAG, longReport, Language.EN, null));

    JsonNode blocks = platform.next("/api/chat.postMessage", WAIT).json().path("blocks");
    assertThat(blocks.size()).isGreaterThan(1);
    blocks.forEach(
        b -> assertThat(b.path("text").path("text").asText().length()).isLessThanOrEqualTo(3000));
  }

  @Test
  void slackRefusalIsADeliveryErrorNamingSlacksError() {
    SlackClient client = new SlackClient(platform.baseUrl() + "/refuse", "xoxb-1", http);
    assertThatThrownBy(() -> client.postMessage("C42", null, PROPOSAL))
        .isInstanceOf(DeliveryException.class)
        .hasMessageContaining("channel_not_found");
  }

  @Test
  void feishuGetsATenantTokenOnceThenRepliesWithAnInteractiveCard() throws Exception {
    FeishuClient client =
        new FeishuClient(platform.baseUrl() + "/open-apis", "cli_1", "s3cret", http, clock);
    client.reply("om_1", PROPOSAL);
    client.reply("om_2", PROPOSAL);

    JsonNode token = platform.next("/open-apis/auth/v3/tenant_access_token/internal", WAIT).json();
    assertThat(token.path("app_id").asText()).isEqualTo("cli_1");
    assertThat(token.path("app_secret").asText()).isEqualTo("s3cret");
    LoopbackPlatform.Captured reply = platform.next("/open-apis/im/v1/messages/om_1/reply", WAIT);
    assertThat(reply.header("Authorization")).isEqualTo("Bearer t-loopback");
    assertThat(reply.json().path("msg_type").asText()).isEqualTo("interactive");
    JsonNode card = Json.mapper().readTree(reply.json().path("content").asText());
    assertThat(card.path("header").path("title").path("content").asText())
        .isEqualTo("Proposal p-9");
    assertThat(card.path("elements").get(0).path("content").asText())
        .startsWith("**Rollback of `lake.orders`**");
    JsonNode buttons = card.path("elements").get(1).path("actions");
    assertThat(buttons.get(0).path("value").path("action").asText()).isEqualTo("approve");
    assertThat(buttons.get(0).path("value").path("proposal").asText()).isEqualTo("p-9");
    assertThat(buttons.get(1).path("value").path("action").asText()).isEqualTo("reject");
    // The second reply reuses the cached token.
    List<LoopbackPlatform.Captured> rest = platform.drain();
    assertThat(rest)
        .extracting(LoopbackPlatform.Captured::pathAndQuery)
        .containsExactly("/open-apis/im/v1/messages/om_2/reply");
  }

  @Test
  void feishuCustomBotWebhookIsSignedWhenASecretIsSet() throws Exception {
    FeishuClient.postWebhook(
        http,
        URI.create(platform.baseUrl() + "/open-apis/bot/v2/hook/abc"),
        "bot-secret",
        PROPOSAL,
        clock);

    JsonNode body = platform.next("/open-apis/bot/v2/hook/abc", WAIT).json();
    assertThat(body.path("msg_type").asText()).isEqualTo("interactive");
    assertThat(body.path("timestamp").asText())
        .isEqualTo(Long.toString(clock.instant().getEpochSecond()));
    assertThat(body.path("sign").asText())
        .isEqualTo(FeishuClient.webhookSign(body.path("timestamp").asText(), "bot-secret"));
    assertThat(body.path("card").path("elements").isArray()).isTrue();
  }

  @Test
  void weComGetsAnAccessTokenThenSendsAppMarkdownWithTheCommandsOfTheButtons() throws Exception {
    new WeComClient(platform.baseUrl() + "/wecom", "ww-corp", "app-secret", 1000002, http, clock)
        .sendToUser("zhangsan", PROPOSAL);

    assertThat(platform.next("/wecom/cgi-bin/gettoken", WAIT).pathAndQuery())
        .isEqualTo("/wecom/cgi-bin/gettoken?corpid=ww-corp&corpsecret=app-secret");
    LoopbackPlatform.Captured send = platform.next("/wecom/cgi-bin/message/send", WAIT);
    assertThat(send.pathAndQuery())
        .isEqualTo("/wecom/cgi-bin/message/send?access_token=wecom-loopback-token");
    JsonNode body = send.json();
    assertThat(body.path("touser").asText()).isEqualTo("zhangsan");
    assertThat(body.path("agentid").asLong()).isEqualTo(1000002);
    assertThat(body.path("msgtype").asText()).isEqualTo("markdown");
    assertThat(body.path("markdown").path("content").asText())
        .contains("Approve: `approve p-9`")
        .contains("Reject: `reject p-9`");
  }

  @Test
  void weComGroupRobotGetsMarkdownCutTo2048Bytes() throws Exception {
    ChatReply big = new ChatReply(ChatIntent.Kind.HELP, "排查".repeat(2000), Language.ZH_CN, null);
    WeComClient.postRobot(
        http, URI.create(platform.baseUrl() + "/cgi-bin/webhook/send?key=k1"), big);

    JsonNode body = platform.next("/cgi-bin/webhook/send?key=k1", WAIT).json();
    assertThat(body.path("msgtype").asText()).isEqualTo("markdown");
    assertThat(
            body.path("markdown")
                .path("content")
                .asText()
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)
                .length)
        .isLessThanOrEqualTo(2048);
  }
}
