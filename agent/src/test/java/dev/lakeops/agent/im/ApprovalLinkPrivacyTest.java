package dev.lakeops.agent.im;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.chat.ChatButton;
import dev.lakeops.agent.chat.ChatCard;
import dev.lakeops.agent.chat.ChatIntent;
import dev.lakeops.agent.chat.ChatLink;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.chat.PrivateLinks;
import dev.lakeops.agent.im.dingtalk.DingTalkAdapter;
import dev.lakeops.agent.im.dingtalk.DingTalkSignature;
import dev.lakeops.agent.im.feishu.FeishuAdapter;
import dev.lakeops.agent.im.feishu.FeishuClient;
import dev.lakeops.agent.im.slack.SlackAdapter;
import dev.lakeops.agent.im.slack.SlackClient;
import dev.lakeops.agent.im.slack.SlackSignature;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Approval links are one person's credential: each adapter delivers them only where that person
 * alone reads them (a direct chat, a Slack ephemeral message), and leaves them out of group
 * replies.
 */
class ApprovalLinkPrivacyTest {

  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final String URL =
      "https://lakeops.example.com/console/links/p-9.a.YWxpY2U.1800000000.abc";
  private static LoopbackPlatform platform;

  private final MutableClock clock = new MutableClock(Instant.parse("2026-05-01T12:00:00Z"));
  private final ChannelLanguages languages = new ChannelLanguages(Language.EN, Map.of(), Map.of());

  @BeforeAll
  static void start() {
    platform = LoopbackPlatform.start(63160);
  }

  @AfterAll
  static void stop() {
    platform.close();
  }

  @BeforeEach
  void drain() {
    platform.drain();
  }

  private static ChatReply reply(ChatIntent.Kind intent, Language language) {
    return new ChatReply(
        intent,
        "Proposal p-9 waits for approval.",
        language,
        new ChatCard(
            "Proposal p-9",
            List.of(
                new ChatButton("Approve", ChatButton.Action.APPROVE, "p-9"),
                new ChatButton("Reject", ChatButton.Action.REJECT, "p-9")),
            List.of(
                new ChatLink(
                    "Approve as alice (link)", ChatButton.Action.APPROVE, "p-9", "alice", URL))));
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aGroupReplyKeepsTheButtonsAndSaysHowToGetTheLinksPrivately() {
    ChatReply group = PrivateLinks.forGroup(reply(ChatIntent.Kind.ROLLBACK_PROPOSAL, Language.EN));
    ChatReply zh = PrivateLinks.forGroup(reply(ChatIntent.Kind.LINK, Language.ZH_CN));
    ChatReply plain = new ChatReply(ChatIntent.Kind.HELP, "help", Language.EN, null);

    assertThat(group.card().links()).isEmpty();
    assertThat(group.card().buttons()).hasSize(2);
    assertThat(group.markdown()).contains("send `link p-9` to lakeops in a direct chat");
    assertThat(zh.markdown()).contains("私聊中发送 `链接 p-9`");
    assertThat(PrivateLinks.forGroup(plain)).isSameAs(plain);
  }

  @Test
  void slackPostsTheCardInTheChannelAndTheLinksOnlyToTheirUser() throws Exception {
    SlackAdapter slack =
        new SlackAdapter(
            new SlackSignature("s", clock),
            new SlackClient(platform.baseUrl() + "/api", "xoxb-1", new ImHttp()),
            languages);
    byte[] body = bytes(Recorded.text("slack/app_mention.json"));
    String ts = Long.toString(clock.instant().getEpochSecond());
    Inbound.Chat chat = (Inbound.Chat) slack.events(ts, SlackSignature.sign("s", ts, body), body);

    chat.sender().send(reply(ChatIntent.Kind.ROLLBACK_PROPOSAL, Language.EN));

    LoopbackPlatform.Captured everyone = platform.next("/api/chat.postMessage", WAIT);
    assertThat(everyone.body()).contains("approve:p-9").doesNotContain("/console/links/");
    JsonNode personal = platform.next("/api/chat.postEphemeral", WAIT).json();
    assertThat(personal.path("user").asText()).isEqualTo("U123ABC456");
    assertThat(personal.path("channel").asText()).isEqualTo("C123ABC456");
    assertThat(personal.path("thread_ts").asText()).isEqualTo("1515449500.000010");
    assertThat(personal.path("blocks").toString()).contains(URL).contains("Only you see this");

    chat.sender().send(reply(ChatIntent.Kind.LINK, Language.EN));
    assertThat(platform.next("/api/chat.postEphemeral", WAIT).body()).contains(URL);
    assertThat(platform.drain()).noneMatch(c -> c.pathAndQuery().endsWith("/chat.postMessage"));
  }

  @Test
  void slackPostsLinksAsTheyAreInADirectConversation() throws Exception {
    SlackAdapter slack =
        new SlackAdapter(
            new SlackSignature("s", clock),
            new SlackClient(platform.baseUrl() + "/api", "xoxb-1", new ImHttp()),
            languages);
    String dm =
        "{\"type\":\"event_callback\",\"event_id\":\"Ev1\",\"event\":{\"type\":\"message\",\"channel_type\":\"im\",\"channel\":\"D024BE91L\",\"user\":\"U2\",\"text\":\"link"
            + " p-9\",\"ts\":\"1700000000.000100\"}}";
    String ts = Long.toString(clock.instant().getEpochSecond());
    Inbound.Chat chat =
        (Inbound.Chat) slack.events(ts, SlackSignature.sign("s", ts, bytes(dm)), bytes(dm));

    chat.sender().send(reply(ChatIntent.Kind.LINK, Language.EN));

    assertThat(platform.next("/api/chat.postMessage", WAIT).body()).contains(URL);
    assertThat(platform.drain()).noneMatch(c -> c.pathAndQuery().endsWith("/chat.postEphemeral"));
  }

  @Test
  void dingTalkSendsLinksInASingleChatOnlyAndTellsAGroupHowToGetThem() throws Exception {
    DingTalkAdapter dingTalk =
        new DingTalkAdapter(
            new DingTalkSignature("d", clock),
            platform.baseUrl() + "/dingtalk/",
            new ImHttp(),
            languages,
            clock);
    String ts = Long.toString(clock.millis());
    String group =
        Recorded.text("dingtalk/text_message.json")
            .replace("SESSION_EXPIRES", Long.toString(clock.millis() + 60_000))
            .replace("SESSION_WEBHOOK", platform.baseUrl() + "/dingtalk/session?g=1");
    String single =
        group
            .replace("\"conversationType\":\"2\"", "\"conversationType\":\"1\"")
            .replace("?g=1", "?g=0");

    ((Inbound.Chat) dingTalk.events(ts, DingTalkSignature.sign("d", ts), bytes(group)))
        .sender()
        .send(reply(ChatIntent.Kind.LINK, Language.ZH_CN));
    JsonNode toGroup = platform.next("/dingtalk/session?g=1", WAIT).json();
    String ts2 = Long.toString(clock.millis() - 1000);
    ((Inbound.Chat) dingTalk.events(ts2, DingTalkSignature.sign("d", ts2), bytes(single)))
        .sender()
        .send(reply(ChatIntent.Kind.LINK, Language.ZH_CN));
    JsonNode toOne = platform.next("/dingtalk/session?g=0", WAIT).json();

    assertThat(toGroup.toString())
        .doesNotContain("/console/links/")
        .contains("链接 p-9")
        .contains("dtmd://");
    assertThat(toOne.path("actionCard").path("btns").get(0).path("actionURL").asText())
        .isEqualTo(URL);
  }

  @Test
  void feishuRepliesWithLinksInAP2pChatOnly() throws Exception {
    FeishuAdapter feishu =
        new FeishuAdapter(
            "test-feishu-verification-token",
            null,
            new FeishuClient(
                platform.baseUrl() + "/open-apis", "cli", "secret", new ImHttp(), clock),
            languages);
    String group = Recorded.text("feishu/message_receive_v1.json");
    String p2p = group.replace("\"chat_type\":\"group\"", "\"chat_type\":\"p2p\"");

    ((Inbound.Chat) feishu.events(null, null, null, bytes(group)))
        .sender()
        .send(reply(ChatIntent.Kind.LINK, Language.EN));
    String toGroup = platform.next("/reply", WAIT).body();
    ((Inbound.Chat) feishu.events(null, null, null, bytes(p2p)))
        .sender()
        .send(reply(ChatIntent.Kind.LINK, Language.EN));
    String toOne = platform.next("/reply", WAIT).body();

    assertThat(toGroup).doesNotContain("/console/links/").contains("link p-9");
    assertThat(toOne).contains(URL);
  }
}
