package dev.lakeops.agent.im;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.chat.Platform;
import dev.lakeops.agent.im.dingtalk.DingTalkAdapter;
import dev.lakeops.agent.im.feishu.FeishuAdapter;
import dev.lakeops.agent.im.slack.SlackAdapter;
import dev.lakeops.agent.im.slack.SlackSignature;
import dev.lakeops.agent.im.wecom.WeComAdapter;
import dev.lakeops.agent.im.wecom.WeComCrypto;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Parsing of recorded payloads without Quarkus: what each adapter makes of them, and what it
 * refuses.
 */
class AdaptersTest {

  private final MutableClock clock = new MutableClock(Instant.parse("2026-05-01T12:00:00Z"));
  private final ChannelLanguages languages =
      new ChannelLanguages(
          Language.EN, Map.of(Platform.FEISHU, Language.ZH_CN), Map.of("C-ZH", Language.ZH_CN));

  private byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void slackMentionBecomesAMessageInItsThreadInTheChannelsLanguage() {
    SlackAdapter slack = new SlackAdapter(new SlackSignature("s", clock), null, languages);
    byte[] body = bytes(Recorded.text("slack/app_mention.json").replace("C123ABC456", "C-ZH"));
    String ts = Long.toString(clock.instant().getEpochSecond());

    Inbound.Chat chat = (Inbound.Chat) slack.events(ts, SlackSignature.sign("s", ts, body), body);

    assertThat(chat.message().threadId()).isEqualTo("1515449500.000010");
    assertThat(chat.message().channel()).isEqualTo("C-ZH");
    assertThat(chat.message().userId()).isEqualTo("U123ABC456");
    assertThat(chat.message().text()).isEqualTo("<@U0LAN0Z89> help");
    assertThat(chat.message().language()).isEqualTo(Language.ZH_CN);
    assertThat(chat.eventId()).isEqualTo("Ev123ABC456");
    assertThatThrownBy(() -> chat.sender().send(null))
        .isInstanceOf(DeliveryException.class)
        .hasMessageContaining("lakeops.im.slack.bot-token");
  }

  @Test
  void slackButtonWithAForeignValueIsABadRequest() {
    SlackAdapter slack = new SlackAdapter(new SlackSignature("s", clock), null, languages);
    String payload =
        Recorded.text("slack/block_actions.json").replace("approve:prop-42", "delete:everything");
    byte[] body = bytes("payload=" + URLEncoder.encode(payload, StandardCharsets.UTF_8));
    String ts = Long.toString(clock.instant().getEpochSecond());

    assertThatThrownBy(() -> slack.actions(ts, SlackSignature.sign("s", ts, body), body))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(
            "payload.actions[0].value: 'delete:everything' is not a lakeops button value"
                + " (approve:<id> or reject:<id>)");
  }

  @Test
  void adaptersWithoutTheirSecretRefuseNamingTheKey() {
    assertThatThrownBy(
            () -> new SlackAdapter(null, null, languages).events("1", "v0=1", new byte[0]))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("lakeops.im.slack.signing-secret");
    assertThatThrownBy(
            () ->
                new FeishuAdapter(null, null, null, languages)
                    .events(null, null, null, new byte[0]))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("lakeops.im.feishu.verification-token");
    assertThatThrownBy(
            () ->
                new DingTalkAdapter(
                        null, "https://oapi.dingtalk.com/", new ImHttp(), languages, clock)
                    .events("1", "s", new byte[0]))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("lakeops.im.dingtalk.app-secret");
    assertThatThrownBy(() -> new WeComAdapter(null, null, languages).verifyUrl("a", "b", "c", "d"))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("lakeops.im.wecom.token");
  }

  @Test
  void feishuWithoutAnEncryptKeyChecksTheTokenOfPlainEvents() {
    FeishuAdapter feishu =
        new FeishuAdapter("test-feishu-verification-token", null, null, languages);

    Inbound.Chat chat =
        (Inbound.Chat)
            feishu.events(null, null, null, bytes(Recorded.text("feishu/message_receive_v1.json")));

    assertThat(chat.message().threadId()).isEqualTo("om_5ce6d572455d361153b7cb5xxfsdfsdfdsf");
    assertThat(chat.message().text()).isEqualTo("@_user_1 帮助");
    assertThat(chat.message().language()).isEqualTo(Language.ZH_CN);
    assertThatThrownBy(
            () ->
                new FeishuAdapter("other", null, null, languages)
                    .events(
                        null, null, null, bytes(Recorded.text("feishu/message_receive_v1.json"))))
        .isInstanceOf(VerificationException.class)
        .hasMessageContaining("header.token");
  }

  @Test
  void feishuOlderCardCallbacksAreUnderstoodToo() {
    FeishuAdapter feishu = new FeishuAdapter("tok", null, null, languages);
    String v1 =
        "{\"open_id\":\"ou_1\",\"user_id\":\"u1\",\"open_message_id\":\"om_1\",\"open_chat_id\":\"oc_1\",\"tenant_key\":\"t\",\"token\":\"tok\","
            + "\"action\":{\"value\":{\"action\":\"approve\",\"proposal\":\"p-3\"},\"tag\":\"button\"}}";

    Inbound.Chat chat = (Inbound.Chat) feishu.events(null, null, null, bytes(v1));

    assertThat(chat.message().text()).isEqualTo("approve p-3");
    assertThat(chat.message().userId()).isEqualTo("ou_1");
  }

  @Test
  void feishuNonTextMessagesAreIgnored() {
    FeishuAdapter feishu =
        new FeishuAdapter("test-feishu-verification-token", null, null, languages);
    String image =
        Recorded.text("feishu/message_receive_v1.json")
            .replace("\"message_type\":\"text\"", "\"message_type\":\"image\"");

    assertThat(feishu.events(null, null, null, bytes(image))).isInstanceOf(Inbound.Ignore.class);
  }

  @Test
  void weComRefusesXmlWithADoctype() {
    WeComCrypto crypto =
        new WeComCrypto(
            "QDG6eK", "jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C", "wx5823bf96d3bd56c7");
    WeComAdapter weCom = new WeComAdapter(crypto, null, languages);
    String xxe =
        "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM"
            + " \"file:///etc/passwd\">]><xml><Encrypt>&e;</Encrypt></xml>";

    assertThatThrownBy(() -> weCom.events("s", "1", "2", bytes(xxe)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("body: is not well-formed XML");
  }

  @Test
  void weComEventsOtherThanTextAreIgnored() {
    WeComCrypto crypto =
        new WeComCrypto(
            "QDG6eK", "jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C", "wx5823bf96d3bd56c7");
    String inner =
        "<xml><ToUserName>wx5823bf96d3bd56c7</ToUserName><FromUserName>zhangsan</FromUserName><MsgType>event</MsgType>"
            + "<Event>enter_agent</Event><AgentID>1000002</AgentID></xml>";
    String encrypt = crypto.encrypt(inner, new byte[16]);

    Inbound inbound =
        new WeComAdapter(crypto, null, languages)
            .events(
                crypto.signature("1", "2", encrypt),
                "1",
                "2",
                bytes("<xml><Encrypt>" + encrypt + "</Encrypt></xml>"));

    assertThat(inbound).isEqualTo(new Inbound.Ignore("MsgType event"));
  }
}
