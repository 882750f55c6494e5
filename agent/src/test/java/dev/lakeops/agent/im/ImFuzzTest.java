package dev.lakeops.agent.im;

import static dev.lakeops.agent.NoRetryHttp.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.chat.ChatHandler;
import dev.lakeops.agent.chat.ChatIntent;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.im.dingtalk.DingTalkSignature;
import dev.lakeops.agent.im.feishu.FeishuCrypto;
import dev.lakeops.agent.im.slack.SlackSignature;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Damaged payloads that still carry a valid signature (so they reach the parsers) never get a 5xx,
 * and every 4xx says what is wrong in JSON.
 */
@QuarkusTest
class ImFuzzTest {

  /** Cases per payload; {@code -Dlakeops-test.fuzz-cases=N} runs more locally. */
  /** {@code -Dlakeops-test.fuzz-seed=N} explores other inputs locally. */
  private static final long SEED_OFFSET = Long.getLong("lakeops-test.fuzz-seed", 0L);

  private static final int CASES = Integer.getInteger("lakeops-test.fuzz-cases", 60);
  private static final String[] FRAGMENTS = {
    "null",
    "true",
    "-1e999",
    "{}",
    "[]",
    "\"\"",
    "\"\\ud800\"",
    "\"\\u0000\"",
    "[[[[[[[[",
    "]]]]",
    "{\"a\":",
    ",",
    ":",
    "\"\\",
    "\u00e9",
    "\ud83d\ude00",
    "NaN",
    "<![CDATA[",
    "]]>",
    "<xml>",
    "</xml>",
    "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>",
    "&e;",
    "%",
    "%zz",
    "&",
    "=",
    "\"approve:../x\"",
    "\"2.0\"",
    "\"event_callback\"",
    "\"url_verification\""
  };

  @BeforeEach
  void fastHandler() {
    ChatHandler instant = m -> new ChatReply(ChatIntent.Kind.HELP, "ok", m.language(), null);
    QuarkusMock.installMockForType(instant, ChatHandler.class);
  }

  @Test
  void slackEventsNeverAnswerAServerError() {
    fuzz(
        Recorded.text("slack/app_mention.json"),
        1,
        body -> slack("/api/im/slack/events", body, "application/json"));
    fuzz(
        Recorded.text("slack/slash_command.txt"),
        2,
        body -> slack("/api/im/slack/events", body, "application/x-www-form-urlencoded"));
  }

  @Test
  void slackActionsNeverAnswerAServerError() {
    fuzz(
        Recorded.text("slack/block_actions.json"),
        3,
        payload ->
            slack(
                "/api/im/slack/actions",
                ("payload="
                        + URLEncoder.encode(
                            new String(payload, StandardCharsets.UTF_8), StandardCharsets.UTF_8))
                    .getBytes(StandardCharsets.UTF_8),
                "application/x-www-form-urlencoded"));
  }

  @Test
  void feishuEventsNeverAnswerAServerError() {
    fuzz(
        Recorded.text("feishu/message_receive_v1.json"),
        4,
        plain ->
            feishu(
                ("{\"encrypt\":\""
                        + FeishuCrypto.encrypt(
                            ImEndpointsTest.FEISHU_KEY,
                            new String(plain, StandardCharsets.UTF_8),
                            new byte[16])
                        + "\"}")
                    .getBytes(StandardCharsets.UTF_8)));
    fuzz(
        ImEndpointsTest.encryptedFeishu(Recorded.text("feishu/card_action_trigger.json")),
        5,
        this::feishu);
  }

  @Test
  void dingTalkEventsNeverAnswerAServerError() {
    fuzz(
        ImEndpointsTest.dingTalkMessage("/dingtalk/fuzz"),
        6,
        body -> {
          String ts = Long.toString(System.currentTimeMillis());
          // A unique timestamp per case keeps identical damaged bodies from looking like replays.
          return given()
              .header("timestamp", ts)
              .header("sign", DingTalkSignature.sign(ImEndpointsTest.DINGTALK_SECRET, ts))
              .contentType("application/json")
              .body(body)
              .post("/api/im/dingtalk/events");
        });
  }

  @Test
  void weComEventsNeverAnswerAServerError() {
    fuzz(
        Recorded.text("wecom/text_message.xml"),
        7,
        inner -> {
          String encrypt =
              ImEndpointsTest.WECOM.encrypt(
                  new String(inner, StandardCharsets.UTF_8), new byte[16]);
          String xml =
              "<xml><ToUserName><![CDATA[wx5823bf96d3bd56c7]]></ToUserName><Encrypt><![CDATA["
                  + encrypt
                  + "]]></Encrypt></xml>";
          return weCom(encrypt, xml.getBytes(StandardCharsets.UTF_8));
        });
    String encrypt =
        ImEndpointsTest.WECOM.encrypt(Recorded.text("wecom/text_message.xml"), new byte[16]);
    fuzz(
        "<xml><Encrypt><![CDATA[" + encrypt + "]]></Encrypt></xml>",
        8,
        outer -> weCom(encrypt, outer));
  }

  private static Response slack(String path, byte[] body, String type) {
    String ts = Long.toString(System.currentTimeMillis() / 1000);
    io.restassured.specification.RequestSpecification request =
        given()
            .header("X-Slack-Request-Timestamp", ts)
            .header(
                "X-Slack-Signature", SlackSignature.sign(ImEndpointsTest.SLACK_SECRET, ts, body))
            .contentType(type);
    return (type.startsWith("application/json")
            ? request.body(body)
            : request.body(new String(body, StandardCharsets.ISO_8859_1)))
        .post(path);
  }

  private Response feishu(byte[] body) {
    String ts = Long.toString(System.currentTimeMillis() / 1000);
    String nonce = Long.toHexString(System.nanoTime());
    return given()
        .header("X-Lark-Request-Timestamp", ts)
        .header("X-Lark-Request-Nonce", nonce)
        .header(
            "X-Lark-Signature", FeishuCrypto.signature(ts, nonce, ImEndpointsTest.FEISHU_KEY, body))
        .contentType("application/json")
        .body(body)
        .post("/api/im/feishu/events");
  }

  private static Response weCom(String encrypt, byte[] body) {
    String ts = Long.toString(System.currentTimeMillis() / 1000);
    String nonce = Long.toString(System.nanoTime());
    return given()
        .queryParam("msg_signature", ImEndpointsTest.WECOM.signature(ts, nonce, encrypt))
        .queryParam("timestamp", ts)
        .queryParam("nonce", nonce)
        .contentType("text/xml")
        .body(body)
        .post("/api/im/wecom/events");
  }

  private static void fuzz(String valid, long seed, Function<byte[], Response> post) {
    Random random = new Random(seed + SEED_OFFSET);
    byte[] bytes = valid.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < CASES; i++) {
      byte[] body = mutate(bytes, random);
      String description =
          "seed "
              + (seed + SEED_OFFSET)
              + " case "
              + i
              + ": "
              + new String(body, StandardCharsets.UTF_8);
      Response response;
      try {
        response = post.apply(body);
      } catch (Exception e) {
        throw new AssertionError(description + ": no HTTP answer (" + e + ")", e);
      }
      assertThat(response.statusCode()).as(description).isLessThan(500);
      if (response.statusCode() >= 400) {
        assertThat(response.contentType()).as(description).startsWith("application/json");
        assertThat(response.jsonPath().getString("error")).as(description).isNotBlank();
      }
    }
  }

  private static byte[] mutate(byte[] valid, Random random) {
    byte[] body = valid.clone();
    int edits = 1 + random.nextInt(3);
    for (int e = 0; e < edits; e++) {
      switch (random.nextInt(4)) {
        case 0 -> body = Arrays.copyOf(body, random.nextInt(body.length + 1));
        case 1 -> {
          if (body.length > 0) {
            body[random.nextInt(body.length)] = (byte) random.nextInt(256);
          }
        }
        case 2 -> {
          byte[] fragment =
              FRAGMENTS[random.nextInt(FRAGMENTS.length)].getBytes(StandardCharsets.UTF_8);
          int at = random.nextInt(body.length + 1);
          byte[] out = new byte[body.length + fragment.length];
          System.arraycopy(body, 0, out, 0, at);
          System.arraycopy(fragment, 0, out, at, fragment.length);
          System.arraycopy(body, at, out, at + fragment.length, body.length - at);
          body = out;
        }
        default -> {
          if (body.length > 0) {
            int from = random.nextInt(body.length);
            int to = Math.min(body.length, from + 1 + random.nextInt(20));
            byte[] out = new byte[body.length - (to - from)];
            System.arraycopy(body, 0, out, 0, from);
            System.arraycopy(body, to, out, from, body.length - to);
            body = out;
          }
        }
      }
    }
    return body;
  }
}
