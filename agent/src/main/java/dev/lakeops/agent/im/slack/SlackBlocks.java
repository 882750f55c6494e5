package dev.lakeops.agent.im.slack;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.chat.ChatButton;
import dev.lakeops.agent.chat.ChatCard;
import dev.lakeops.agent.chat.ChatLink;
import dev.lakeops.agent.chat.ChatReply;

/**
 * A reply as Block Kit: mrkdwn sections, then the card's title, its signed approval links (a {@code
 * context} block) and an {@code actions} block whose buttons carry {@code approve:<id>} / {@code
 * reject:<id>} as their value.
 */
public final class SlackBlocks {

  /**
   * Action ids of the buttons; a click comes back to {@code /api/im/slack/actions} with one of
   * them.
   */
  public static final String APPROVE_ACTION = "lakeops.approve";

  public static final String REJECT_ACTION = "lakeops.reject";

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private SlackBlocks() {}

  public static ArrayNode render(ChatReply reply) {
    ArrayNode blocks = NODES.arrayNode();
    for (String section : SlackMrkdwn.sections(SlackMrkdwn.from(reply.markdown()))) {
      blocks.add(section(section));
    }
    reply.findCard().ifPresent(card -> addCard(blocks, card));
    return blocks;
  }

  private static void addCard(ArrayNode blocks, ChatCard card) {
    blocks.add(section("*" + card.title() + "*"));
    if (!card.links().isEmpty()) {
      // Signed one-time links, issued to the person this reply answers: the fallback when a button
      // click cannot reach lakeops.
      ObjectNode context =
          blocks.addObject().put("type", "context").put("block_id", "lakeops.links");
      ArrayNode elements = context.putArray("elements");
      for (ChatLink link : card.links()) {
        elements
            .addObject()
            .put("type", "mrkdwn")
            .put("text", "<" + link.url() + "|" + escape(link.label()) + ">");
      }
    }
    if (card.buttons().isEmpty()) {
      return;
    }
    ObjectNode actions =
        blocks.addObject().put("type", "actions").put("block_id", "lakeops.proposal");
    ArrayNode elements = actions.putArray("elements");
    for (ChatButton button : card.buttons()) {
      ObjectNode element =
          elements
              .addObject()
              .put("type", "button")
              .put(
                  "action_id",
                  button.action() == ChatButton.Action.APPROVE ? APPROVE_ACTION : REJECT_ACTION)
              .put("value", button.value())
              .put("style", button.action() == ChatButton.Action.APPROVE ? "primary" : "danger");
      element.putObject("text").put("type", "plain_text").put("text", button.label());
    }
  }

  /** Slack's three control characters in link text. */
  private static String escape(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("|", "\u2223");
  }

  private static ObjectNode section(String mrkdwn) {
    ObjectNode section = NODES.objectNode().put("type", "section");
    section.putObject("text").put("type", "mrkdwn").put("text", mrkdwn);
    return section;
  }
}
