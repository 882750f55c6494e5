package dev.lakeops.agent.im;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.chat.ChatButton;
import dev.lakeops.agent.chat.ChatCard;
import dev.lakeops.agent.chat.ChatIntent;
import dev.lakeops.agent.chat.ChatLink;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.im.dingtalk.DingTalkMessages;
import dev.lakeops.agent.im.feishu.FeishuCard;
import dev.lakeops.agent.im.slack.SlackBlocks;
import dev.lakeops.agent.im.wecom.WeComMarkdown;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Signed approval links on each platform's card: present when the card has them, absent otherwise.
 */
class ApprovalLinkCardsTest {

  private static final String APPROVE_URL =
      "https://lakeops.example.com/console/links/p-9.a.YWxpY2U.1800000000."
          + "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWY";
  private static final String REJECT_URL = APPROVE_URL.replace(".a.", ".r.");
  private static final List<ChatButton> BUTTONS =
      List.of(
          new ChatButton("Approve", ChatButton.Action.APPROVE, "p-9"),
          new ChatButton("Reject", ChatButton.Action.REJECT, "p-9"));
  private static final List<ChatLink> LINKS =
      List.of(
          new ChatLink(
              "Approve as alice (link)", ChatButton.Action.APPROVE, "p-9", "alice", APPROVE_URL),
          new ChatLink(
              "Reject as alice (link)", ChatButton.Action.REJECT, "p-9", "alice", REJECT_URL));

  private static ChatReply reply(String markdown, List<ChatLink> links) {
    return new ChatReply(
        ChatIntent.Kind.ROLLBACK_PROPOSAL,
        markdown,
        Language.EN,
        new ChatCard("Proposal p-9", BUTTONS, links));
  }

  @Test
  void slackShowsTheLinksAsMrkdwnLinksNextToTheButtons() {
    JsonNode blocks = SlackBlocks.render(reply("Proposal p-9 waits.", LINKS));

    assertThat(blocks.toString())
        .contains("<" + APPROVE_URL + "|Approve as alice (link)>")
        .contains("<" + REJECT_URL + "|Reject as alice (link)>")
        .contains("lakeops.approve");
    assertThat(SlackBlocks.render(reply("Proposal p-9 waits.", List.of())).toString())
        .doesNotContain("/console/links/")
        .doesNotContain("lakeops.links");
  }

  @Test
  void feishuShowsTheLinksAsUrlButtons() {
    JsonNode card = FeishuCard.render(reply("Proposal p-9 waits.", LINKS));

    List<String> urls = card.findValuesAsText("url");
    assertThat(urls).containsExactly(APPROVE_URL, REJECT_URL);
    assertThat(card.toString()).contains("\"proposal\":\"p-9\"");
    assertThat(FeishuCard.render(reply("Proposal p-9 waits.", List.of())).findValuesAsText("url"))
        .isEmpty();
  }

  @Test
  void dingTalkPutsTheLinksFirstOnTheActionCard() {
    JsonNode buttons =
        DingTalkMessages.render(reply("Proposal p-9 waits.", LINKS))
            .path("actionCard")
            .path("btns");

    assertThat(buttons.get(0).path("actionURL").asText()).isEqualTo(APPROVE_URL);
    assertThat(buttons.get(0).path("title").asText()).isEqualTo("Approve as alice (link)");
    assertThat(buttons.get(1).path("actionURL").asText()).isEqualTo(REJECT_URL);
    assertThat(buttons.get(2).path("actionURL").asText())
        .startsWith("dtmd://dingtalkclient/sendMessage");
    assertThat(DingTalkMessages.render(reply("Proposal p-9 waits.", List.of())).toString())
        .doesNotContain("/console/links/");
  }

  @Test
  void weComKeepsTheLinksWholeWhenTheTextIsCut() {
    String content = WeComMarkdown.content(reply("排查".repeat(2000), LINKS));

    assertThat(content.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(2048);
    assertThat(content)
        .contains("[Approve as alice (link)](" + APPROVE_URL + ")")
        .contains("[Reject as alice (link)](" + REJECT_URL + ")")
        .contains("`approve p-9`")
        .contains("\n...");
    assertThat(WeComMarkdown.content(reply("Proposal p-9 waits.", List.of())))
        .doesNotContain("/console/links/");
  }
}
