package dev.lakeops.agent.im.dingtalk;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.chat.ChatButton;
import dev.lakeops.agent.chat.ChatCard;
import dev.lakeops.agent.chat.ChatLink;
import dev.lakeops.agent.chat.ChatReply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * A reply as a DingTalk robot message: {@code markdown}, or an {@code actionCard} when it has
 * buttons. A DingTalk button opens a URL; a {@code dtmd://dingtalkclient/sendMessage?content=...}
 * URL makes the client send that text to the robot, so Approve sends {@code approve <id>} as if
 * typed, and it is verified and handled like any message. Signed approval links, when the card has
 * them, come first (buttons stacked vertically): they open the confirmation page directly.
 */
public final class DingTalkMessages {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private DingTalkMessages() {}

  public static ObjectNode render(ChatReply reply) {
    ObjectNode body = NODES.objectNode();
    String title = reply.findCard().map(ChatCard::title).orElse("lakeops");
    if (reply.findCard().isEmpty() || reply.card().buttons().isEmpty()) {
      body.put("msgtype", "markdown");
      body.putObject("markdown").put("title", title).put("text", reply.markdown());
      return body;
    }
    body.put("msgtype", "actionCard");
    ChatCard chatCard = reply.card();
    ObjectNode card =
        body.putObject("actionCard")
            .put("title", title)
            .put("text", reply.markdown())
            .put("btnOrientation", chatCard.links().isEmpty() ? "1" : "0");
    ArrayNode buttons = card.putArray("btns");
    // Signed links first: a DingTalk button cannot call lakeops back, so opening a link is the
    // dependable way.
    for (ChatLink link : chatCard.links()) {
      buttons.addObject().put("title", link.label()).put("actionURL", link.url());
    }
    for (ChatButton button : chatCard.buttons()) {
      buttons
          .addObject()
          .put("title", button.label())
          .put("actionURL", sendMessageUrl(button.action().id() + " " + button.proposalId()));
    }
    return body;
  }

  static String sendMessageUrl(String text) {
    return "dtmd://dingtalkclient/sendMessage?content="
        + URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
