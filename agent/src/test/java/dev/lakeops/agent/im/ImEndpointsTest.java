package dev.lakeops.agent.im;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.chat.ApprovalOutcome;
import dev.lakeops.agent.chat.ApprovalPort;
import dev.lakeops.agent.chat.ChatHandler;
import dev.lakeops.agent.chat.ChatIntent;
import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.im.dingtalk.DingTalkSignature;
import dev.lakeops.agent.im.feishu.FeishuCrypto;
import dev.lakeops.agent.im.slack.SlackSignature;
import dev.lakeops.agent.im.wecom.WeComCrypto;
import dev.lakeops.tools.Json;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every IM endpoint end to end: recorded payloads signed (and encrypted) as the platforms do, the
 * acknowledgement, and the reply the loopback platform receives in the platform's format. Secrets
 * and base URLs come from src/test/resources/application.properties.
 */
@QuarkusTest
class ImEndpointsTest {

  static final int PORT = 61710;
  static final String SLACK_SECRET = "test-slack-signing-secret";
  static final String FEISHU_KEY = "test-feishu-encrypt-key";
  static final String DINGTALK_SECRET = "test-dingtalk-app-secret";
  static final WeComCrypto WECOM =
      new WeComCrypto(
          "QDG6eK", "jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C", "wx5823bf96d3bd56c7");
  private static final Duration WAIT = Duration.ofSeconds(20);
  private static LoopbackPlatform platform;

  @BeforeAll
  static void startPlatform() {
    platform = LoopbackPlatform.start(PORT);
  }

  @AfterAll
  static void stopPlatform() {
    platform.close();
  }

  @BeforeEach
  void forgetEarlierRequests() {
    platform.drain();
  }

  // --- Slack ---

  @Test
  void slackUrlVerificationIsAnsweredWithTheChallenge() {
    Response r =
        slack(
            "/api/im/slack/events",
            Recorded.text("slack/url_verification.json"),
            "application/json",
            now());
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.jsonPath().getString("challenge"))
        .isEqualTo("3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P");
  }

  @Test
  void slackMentionIsAcknowledgedThenAnsweredInItsThreadWithBlocks() throws Exception {
    Response r =
        slack(
            "/api/im/slack/events",
            Recorded.text("slack/app_mention.json"),
            "application/json",
            now());
    assertThat(r.statusCode()).isEqualTo(200);

    LoopbackPlatform.Captured post = platform.next("/slack/api/chat.postMessage", WAIT);
    assertThat(post.header("Authorization")).isEqualTo("Bearer xoxb-test-token");
    JsonNode body = post.json();
    assertThat(body.path("channel").asText()).isEqualTo("C123ABC456");
    assertThat(body.path("thread_ts").asText()).isEqualTo("1515449500.000010");
    assertThat(body.path("blocks").get(0).path("type").asText()).isEqualTo("section");
    assertThat(body.path("blocks").get(0).path("text").path("type").asText()).isEqualTo("mrkdwn");
    assertThat(body.path("text").asText()).contains("triage <job>");
  }

  @Test
  void slackRetryOfTheSameEventIsAcknowledgedButHandledOnce() throws Exception {
    String event = Recorded.text("slack/app_mention.json").replace("Ev123ABC456", "EvRETRY1");
    assertThat(slack("/api/im/slack/events", event, "application/json", now()).statusCode())
        .isEqualTo(200);
    platform.next("/chat.postMessage", WAIT);

    assertThat(slack("/api/im/slack/events", event, "application/json", now() + 1).statusCode())
        .isEqualTo(200);

    // Handled in order: a reply to the retry would come before the reply to the later marker.
    assertThat(afterMarker("EvRETRY2").path("thread_ts").asText()).isEqualTo("1515449599.000099");
  }

  @Test
  void slackBotMessagesAreIgnored() throws Exception {
    assertThat(
            slack(
                    "/api/im/slack/events",
                    Recorded.text("slack/bot_message.json"),
                    "application/json",
                    now())
                .statusCode())
        .isEqualTo(200);

    assertThat(afterMarker("EvAFTERBOT").path("thread_ts").asText()).isEqualTo("1515449599.000099");
  }

  /** Posts a later, different mention and returns the first reply posted after it was sent. */
  private static JsonNode afterMarker(String eventId) throws InterruptedException {
    String marker =
        Recorded.text("slack/app_mention.json")
            .replace("Ev123ABC456", eventId)
            .replace("1515449500.000010", "1515449599.000099");
    assertThat(slack("/api/im/slack/events", marker, "application/json", now()).statusCode())
        .isEqualTo(200);
    return platform.next("/chat.postMessage", WAIT).json();
  }

  @Test
  void slackSlashCommandTriagesAndPostsToTheChannel() throws Exception {
    Response r =
        slack(
            "/api/im/slack/events",
            Recorded.text("slack/slash_command.txt"),
            "application/x-www-form-urlencoded",
            now());
    assertThat(r.statusCode()).isEqualTo(200);

    JsonNode body = platform.next("/chat.postMessage", WAIT).json();
    assertThat(body.path("channel").asText()).isEqualTo("C2147483705");
    assertThat(body.has("thread_ts")).isFalse();
    assertThat(body.path("text").asText()).contains("orders-to-lake").contains("Verdict");
  }

  @Test
  void slackApproveButtonReachesTheApprovalsPortAndAnswersInTheThread() throws Exception {
    RecordingApprovals approvals = new RecordingApprovals();
    QuarkusMock.installMockForType(approvals, ApprovalPort.class);
    String form =
        "payload="
            + URLEncoder.encode(Recorded.text("slack/block_actions.json"), StandardCharsets.UTF_8);

    assertThat(
            slack("/api/im/slack/actions", form, "application/x-www-form-urlencoded", now())
                .statusCode())
        .isEqualTo(200);

    JsonNode body = platform.next("/chat.postMessage", WAIT).json();
    assertThat(approvals.approved).isEqualTo("prop-42 by U123ABC456");
    assertThat(body.path("thread_ts").asText()).isEqualTo("1548261200.000100");
    assertThat(body.path("text").asText()).contains("prop-42").contains("approved");
  }

  @Test
  void slackRollbackProposalCarriesApproveAndRejectButtons() throws Exception {
    QuarkusMock.installMockForType(new RecordingApprovals(), ApprovalPort.class);
    String event =
        Recorded.text("slack/app_mention.json")
            .replace("Ev123ABC456", "EvROLLBACK")
            .replace("> help", "> rollback lake.orders 41");

    assertThat(slack("/api/im/slack/events", event, "application/json", now()).statusCode())
        .isEqualTo(200);

    JsonNode blocks = platform.next("/chat.postMessage", WAIT).json().path("blocks");
    JsonNode actions = blocks.get(blocks.size() - 1);
    assertThat(actions.path("type").asText()).isEqualTo("actions");
    assertThat(actions.path("elements").get(0).path("value").asText())
        .isEqualTo("approve:prop-rollback-41");
    assertThat(actions.path("elements").get(0).path("action_id").asText())
        .isEqualTo("lakeops.approve");
    assertThat(actions.path("elements").get(1).path("value").asText())
        .isEqualTo("reject:prop-rollback-41");
  }

  @Test
  void slackRefusesABadSignatureAStaleTimestampAndAReplay() {
    String body = Recorded.text("slack/url_verification.json");
    long ts = now();
    Response forged =
        given()
            .header("X-Slack-Request-Timestamp", Long.toString(ts))
            .header("X-Slack-Signature", "v0=" + "0".repeat(64))
            .contentType("application/json")
            .body(body)
            .post("/api/im/slack/events");
    assertThat(forged.statusCode()).isEqualTo(401);
    assertThat(forged.jsonPath().getString("error")).contains("X-Slack-Signature");

    Response stale = slack("/api/im/slack/events", body, "application/json", ts - 301);
    assertThat(stale.statusCode()).isEqualTo(401);
    assertThat(stale.jsonPath().getString("error")).contains("stale or replayed");

    assertThat(slack("/api/im/slack/events", body, "application/json", ts - 7).statusCode())
        .isEqualTo(200);
    Response replay = slack("/api/im/slack/events", body, "application/json", ts - 7);
    assertThat(replay.statusCode()).isEqualTo(401);
    assertThat(replay.jsonPath().getString("error")).contains("replay");
  }

  @Test
  void slackMalformedBodyIsA400NamingTheField() {
    Response r =
        slack(
            "/api/im/slack/events",
            "{\"type\":\"event_callback\",\"event\":{\"type\":\"app_mention\"}}",
            "application/json",
            now());
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.jsonPath().getString("error")).isEqualTo("event.channel: is missing");
  }

  @Test
  void acknowledgesBeforeTheHandlerFinishes() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch started = new CountDownLatch(1);
    ChatHandler slow =
        message -> {
          started.countDown();
          try {
            release.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return new ChatReply(
              ChatIntent.Kind.HELP,
              "done after the ack: " + message.text(),
              message.language(),
              null);
        };
    QuarkusMock.installMockForType(slow, ChatHandler.class);
    String event = Recorded.text("slack/app_mention.json").replace("Ev123ABC456", "EvSLOW");

    Response r = slack("/api/im/slack/events", event, "application/json", now());

    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(platform.drain()).isEmpty(); // acknowledged while the handler is still blocked
    release.countDown();
    assertThat(platform.next("/chat.postMessage", WAIT).json().path("text").asText())
        .startsWith("done after the ack");
  }

  // --- Feishu ---

  @Test
  void feishuEncryptedUrlVerificationIsAnsweredWithTheChallenge() {
    Response r = feishu(Recorded.text("feishu/url_verification.json"), true);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.jsonPath().getString("challenge")).isEqualTo("ajls384kdjx98XX");
  }

  @Test
  void feishuChineseMessageIsAnsweredWithACardReplyInChinese() throws Exception {
    assertThat(feishu(Recorded.text("feishu/message_receive_v1.json"), true).statusCode())
        .isEqualTo(200);

    // The tenant token may be cached from an earlier test; FeishuClientTest covers the token flow.
    LoopbackPlatform.Captured reply =
        platform.next("/im/v1/messages/om_5ce6d572455d361153b7cb51da133945/reply", WAIT);
    assertThat(reply.header("Authorization")).isEqualTo("Bearer t-loopback");
    assertThat(reply.json().path("msg_type").asText()).isEqualTo("interactive");
    JsonNode card = Json.mapper().readTree(reply.json().path("content").asText());
    assertThat(card.path("elements").get(0).path("tag").asText()).isEqualTo("markdown");
    assertThat(card.path("elements").get(0).path("content").asText()).contains("lakeops 命令");
  }

  @Test
  void feishuCardRejectReachesTheApprovalsPort() throws Exception {
    RecordingApprovals approvals = new RecordingApprovals();
    QuarkusMock.installMockForType(approvals, ApprovalPort.class);

    assertThat(feishu(Recorded.text("feishu/card_action_trigger.json"), true).statusCode())
        .isEqualTo(200);

    platform.next("/im/v1/messages/om_3c14f3a59eaf2825dbe25359f15f6e2e/reply", WAIT);
    assertThat(approvals.rejected).isEqualTo("prop-7 by ou_3c14f3a59eaf2825dbe25359f15f6e2e");
  }

  @Test
  void feishuRefusesAWrongTokenABadSignatureAndAnUnsignedEvent() {
    Response token =
        feishu(
            Recorded.text("feishu/url_verification.json")
                .replace("test-feishu-verification-token", "other"),
            true);
    assertThat(token.statusCode()).isEqualTo(401);
    assertThat(token.jsonPath().getString("error")).contains("token: does not match");

    String body = encryptedFeishu(Recorded.text("feishu/message_receive_v1.json"));
    Response badSignature =
        given()
            .header("X-Lark-Request-Timestamp", "1700000000")
            .header("X-Lark-Request-Nonce", "n-1")
            .header("X-Lark-Signature", "0".repeat(64))
            .contentType("application/json")
            .body(body)
            .post("/api/im/feishu/events");
    assertThat(badSignature.statusCode()).isEqualTo(401);
    assertThat(badSignature.jsonPath().getString("error"))
        .contains("X-Lark-Signature: does not match");

    Response unsigned =
        given().contentType("application/json").body(body).post("/api/im/feishu/events");
    assertThat(unsigned.statusCode()).isEqualTo(401);
    assertThat(unsigned.jsonPath().getString("error")).contains("X-Lark-Signature: is missing");

    Response plain = feishu(Recorded.text("feishu/message_receive_v1.json"), false);
    assertThat(plain.statusCode()).isEqualTo(401);
    assertThat(plain.jsonPath().getString("error")).contains("is not encrypted");
  }

  // --- DingTalk ---

  @Test
  void dingTalkMessageIsAnsweredOnTheSessionWebhookInMarkdown() throws Exception {
    Response r =
        dingTalk(
            dingTalkMessage("/dingtalk/robot/sendBySession?session=abc"),
            System.currentTimeMillis());
    assertThat(r.statusCode()).isEqualTo(200);

    LoopbackPlatform.Captured reply =
        platform.next("/dingtalk/robot/sendBySession?session=abc", WAIT);
    assertThat(reply.json().path("msgtype").asText()).isEqualTo("markdown");
    assertThat(reply.json().path("markdown").path("text").asText())
        .contains("Kafka 消费积压")
        .contains("orders-consumer");
  }

  @Test
  void dingTalkProposalIsAnActionCardWhoseButtonsSendTheCommand() throws Exception {
    QuarkusMock.installMockForType(new RecordingApprovals(), ApprovalPort.class);
    String message =
        dingTalkMessage("/dingtalk/robot/sendBySession?session=card")
            .replace(" 积压 orders-consumer", "回滚 lake.orders 到快照 41")
            .replace("msgNWdGP6Nq1ltHpl4stUMW0A==", "msgROLLBACK");

    assertThat(dingTalk(message, System.currentTimeMillis()).statusCode()).isEqualTo(200);

    JsonNode reply = platform.next("/dingtalk/robot/sendBySession?session=card", WAIT).json();
    assertThat(reply.path("msgtype").asText()).isEqualTo("actionCard");
    JsonNode buttons = reply.path("actionCard").path("btns");
    assertThat(buttons.get(0).path("title").asText()).isEqualTo("批准");
    assertThat(buttons.get(0).path("actionURL").asText())
        .isEqualTo("dtmd://dingtalkclient/sendMessage?content=approve%20prop-rollback-41");
    assertThat(buttons.get(1).path("actionURL").asText())
        .isEqualTo("dtmd://dingtalkclient/sendMessage?content=reject%20prop-rollback-41");
  }

  @Test
  void dingTalkRefusesAStaleSignatureAndAForeignWebhook() {
    Response stale =
        dingTalk(
            dingTalkMessage("/dingtalk/x"),
            System.currentTimeMillis() - Duration.ofMinutes(61).toMillis());
    assertThat(stale.statusCode()).isEqualTo(401);
    assertThat(stale.jsonPath().getString("error")).contains("stale or replayed");

    Response foreign =
        dingTalk(
            dingTalkMessage("/dingtalk/x")
                .replace("http://127.0.0.1:61710/dingtalk/x", "http://169.254.169.254/latest"),
            System.currentTimeMillis());
    assertThat(foreign.statusCode()).isEqualTo(400);
    assertThat(foreign.jsonPath().getString("error"))
        .startsWith("sessionWebhook: does not start with http://127.0.0.1:61710/dingtalk/");
  }

  // --- WeCom ---

  @Test
  void weComUrlVerificationEchoesTheDecryptedDocumentedEchostr() {
    Response r =
        given()
            .queryParam("msg_signature", "5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3")
            .queryParam("timestamp", "1409659589")
            .queryParam("nonce", "263014780")
            .queryParam(
                "echostr",
                "P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==")
            .get("/api/im/wecom/events");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.asString()).isEqualTo("1616140317555161061");

    Response wrong =
        given()
            .queryParam("msg_signature", "0".repeat(40))
            .queryParam("timestamp", "1409659589")
            .queryParam("nonce", "263014780")
            .queryParam(
                "echostr",
                "P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==")
            .get("/api/im/wecom/events");
    assertThat(wrong.statusCode()).isEqualTo(401);
  }

  @Test
  void weComEncryptedMessageIsAnsweredAsAppMarkdownToTheUser() throws Exception {
    Response r = weCom(Recorded.text("wecom/text_message.xml"), true);
    assertThat(r.statusCode()).isEqualTo(200);

    assertThat(platform.next("/wecom/cgi-bin/gettoken", WAIT).pathAndQuery())
        .contains("corpid=wx5823bf96d3bd56c7");
    LoopbackPlatform.Captured send = platform.next("/wecom/cgi-bin/message/send", WAIT);
    assertThat(send.pathAndQuery()).contains("access_token=wecom-loopback-token");
    JsonNode body = send.json();
    assertThat(body.path("touser").asText()).isEqualTo("zhangsan");
    assertThat(body.path("agentid").asLong()).isEqualTo(1000002);
    assertThat(body.path("msgtype").asText()).isEqualTo("markdown");
    assertThat(body.path("markdown").path("content").asText())
        .contains("lake.orders")
        .contains("lakeops.chat.table-warehouse");
  }

  @Test
  void weComRefusesAMessageSignedWithAnotherToken() {
    Response r = weCom(Recorded.text("wecom/text_message.xml"), false);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(r.jsonPath().getString("error")).contains("msg_signature");
  }

  // --- REST chat API ---

  @Test
  void chatApiAnswersChineseCommandsInChineseAndKeepsCodesNeutral() {
    Response r =
        given()
            .contentType("application/json")
            .body("{\"thread\":\"t-1\",\"user\":\"alice\",\"text\":\"回滚\"}")
            .post("/api/chat");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.jsonPath().getString("intent")).isEqualTo("ROLLBACK_PROPOSAL");
    assertThat(r.jsonPath().getString("language")).isEqualTo("zh-CN");
    // No table or snapshot named: the approval gate proposes nothing and says how to ask.
    assertThat(r.jsonPath().getString("markdown"))
        .contains("未执行该操作")
        .contains("回滚 db.orders 到快照 42");
  }

  @Test
  void chatApiNamesTheWrongField() {
    Response r =
        given()
            .contentType("application/json")
            .body("{\"thread\":\"t-1\",\"user\":7,\"text\":\"help\"}")
            .post("/api/chat");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.jsonPath().getString("error")).isEqualTo("user: must be a string, got number");
  }

  // --- helpers ---

  static long now() {
    return System.currentTimeMillis() / 1000;
  }

  static Response slack(String path, String body, String contentType, long timestamp) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    io.restassured.specification.RequestSpecification request =
        given()
            .header("X-Slack-Request-Timestamp", Long.toString(timestamp))
            .header(
                "X-Slack-Signature",
                SlackSignature.sign(SLACK_SECRET, Long.toString(timestamp), bytes))
            .contentType(contentType);
    // Rest Assured encodes a form given as bytes through Groovy and fails; the recorded forms are
    // ASCII.
    return (contentType.startsWith("application/json") ? request.body(bytes) : request.body(body))
        .post(path);
  }

  static String encryptedFeishu(String plaintext) {
    byte[] iv = new byte[16];
    new java.security.SecureRandom().nextBytes(iv);
    return "{\"encrypt\":\"" + FeishuCrypto.encrypt(FEISHU_KEY, plaintext, iv) + "\"}";
  }

  static Response feishu(String plaintext, boolean encrypt) {
    String body = encrypt ? encryptedFeishu(plaintext) : plaintext;
    String timestamp = Long.toString(now());
    String nonce = Long.toHexString(System.nanoTime());
    return given()
        .header("X-Lark-Request-Timestamp", timestamp)
        .header("X-Lark-Request-Nonce", nonce)
        .header(
            "X-Lark-Signature",
            FeishuCrypto.signature(
                timestamp, nonce, FEISHU_KEY, body.getBytes(StandardCharsets.UTF_8)))
        .contentType("application/json")
        .body(body.getBytes(StandardCharsets.UTF_8))
        .post("/api/im/feishu/events");
  }

  static String dingTalkMessage(String webhookPath) {
    return Recorded.text("dingtalk/text_message.json")
        .replace("SESSION_WEBHOOK", "http://127.0.0.1:" + PORT + webhookPath)
        .replace("SESSION_EXPIRES", Long.toString(System.currentTimeMillis() + 5_400_000L));
  }

  static Response dingTalk(String body, long timestampMillis) {
    String ts = Long.toString(timestampMillis);
    return given()
        .header("timestamp", ts)
        .header("sign", DingTalkSignature.sign(DINGTALK_SECRET, ts))
        .contentType("application/json")
        .body(body.getBytes(StandardCharsets.UTF_8))
        .post("/api/im/dingtalk/events");
  }

  static Response weCom(String innerXml, boolean rightToken) {
    String encrypt =
        WECOM.encrypt(innerXml, "0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
    String timestamp = Long.toString(now());
    String nonce = Long.toString(System.nanoTime());
    WeComCrypto signer =
        rightToken
            ? WECOM
            : new WeComCrypto(
                "other", "jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C", "wx5823bf96d3bd56c7");
    String xml =
        "<xml><ToUserName><![CDATA[wx5823bf96d3bd56c7]]></ToUserName><AgentID><![CDATA[1000002]]></AgentID><Encrypt><![CDATA["
            + encrypt
            + "]]></Encrypt></xml>";
    return given()
        .queryParam("msg_signature", signer.signature(timestamp, nonce, encrypt))
        .queryParam("timestamp", timestamp)
        .queryParam("nonce", nonce)
        .contentType("text/xml")
        .body(xml.getBytes(StandardCharsets.UTF_8))
        .post("/api/im/wecom/events");
  }

  /**
   * Approvals that record what they were asked and propose {@code prop-rollback-<snapshot>} for a
   * rollback.
   */
  static final class RecordingApprovals implements ApprovalPort {
    volatile String approved;
    volatile String rejected;

    @Override
    public ApprovalOutcome approve(String proposalId, ChatMessage from) {
      approved = proposalId + " by " + from.userId();
      return new ApprovalOutcome(ApprovalOutcome.Status.APPROVED, proposalId, "");
    }

    @Override
    public ApprovalOutcome reject(String proposalId, ChatMessage from) {
      rejected = proposalId + " by " + from.userId();
      return new ApprovalOutcome(ApprovalOutcome.Status.REJECTED, proposalId, "");
    }

    @Override
    public ApprovalOutcome proposeRollback(
        @Nullable String table, @Nullable Long snapshot, ChatMessage from) {
      return new ApprovalOutcome(
          ApprovalOutcome.Status.PROPOSED,
          "prop-rollback-" + snapshot,
          "Roll back " + table + " to snapshot " + snapshot + ": snapshots after it are removed.");
    }
  }
}
