package dev.lakeops.agent.im.feishu;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.chat.ChatButton;
import dev.lakeops.agent.chat.ChatLink;
import dev.lakeops.agent.chat.ChatReply;
import java.util.regex.Pattern;

/**
 * A reply as a Feishu/Lark interactive message card: a header, a {@code markdown} element, and an
 * {@code action} element whose buttons carry {@code {"action": "approve"|"reject", "proposal": id}}
 * as their value; a click comes back as a card action callback. Signed approval links, when the
 * card has them, are a second {@code action} element of URL buttons.
 */
public final class FeishuCard {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.+)$");

  private FeishuCard() {}

  public static ObjectNode render(ChatReply reply) {
    ObjectNode card = NODES.objectNode();
    card.putObject("config").put("wide_screen_mode", true);
    ObjectNode header =
        card.putObject("header").put("template", reply.findCard().isPresent() ? "orange" : "blue");
    header
        .putObject("title")
        .put("tag", "plain_text")
        .put("content", reply.findCard().map(c -> c.title()).orElse("lakeops"));
    ArrayNode elements = card.putArray("elements");
    // Card markdown has no headings: they become bold lines.
    elements
        .addObject()
        .put("tag", "markdown")
        .put("content", HEADING.matcher(reply.markdown()).replaceAll("**$1**"));
    reply
        .findCard()
        .filter(c -> !c.buttons().isEmpty())
        .ifPresent(
            c -> {
              ArrayNode actions = elements.addObject().put("tag", "action").putArray("actions");
              for (ChatButton button : c.buttons()) {
                ObjectNode element =
                    actions
                        .addObject()
                        .put("tag", "button")
                        .put(
                            "type",
                            button.action() == ChatButton.Action.APPROVE ? "primary" : "danger");
                element.putObject("text").put("tag", "plain_text").put("content", button.label());
                element
                    .putObject("value")
                    .put("action", button.action().id())
                    .put("proposal", button.proposalId());
              }
            });
    // Signed one-time links issued to the person this reply answers: buttons that open a URL, for
    // when a callback fails.
    reply
        .findCard()
        .filter(c -> !c.links().isEmpty())
        .ifPresent(
            c -> {
              ArrayNode actions = elements.addObject().put("tag", "action").putArray("actions");
              for (ChatLink link : c.links()) {
                ObjectNode element =
                    actions
                        .addObject()
                        .put("tag", "button")
                        .put("type", "default")
                        .put("url", link.url());
                element.putObject("text").put("tag", "plain_text").put("content", link.label());
              }
            });
    return card;
  }
}
