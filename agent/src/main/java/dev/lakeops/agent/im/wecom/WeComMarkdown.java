package dev.lakeops.agent.im.wecom;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.chat.ChatButton;
import dev.lakeops.agent.chat.ChatLink;
import dev.lakeops.agent.chat.ChatReply;
import java.nio.charset.StandardCharsets;

/**
 * A reply as WeCom markdown ({@code {"msgtype": "markdown", "markdown": {"content": ...}}}). WeCom
 * markdown has no buttons, so a card lists its signed approval links (when it has them) and the
 * command to send for each button.
 */
public final class WeComMarkdown {

  /** WeCom accepts at most 2048 bytes of markdown content. */
  static final int MAX_BYTES = 2048;

  private WeComMarkdown() {}

  public static String content(ChatReply reply) {
    StringBuilder card = new StringBuilder();
    reply
        .findCard()
        .ifPresent(
            c -> {
              card.append("\n\n**").append(c.title()).append("**");
              // Signed links first: WeCom markdown has no buttons, so opening a link is the
              // dependable way.
              for (ChatLink link : c.links()) {
                card.append("\n> [")
                    .append(link.label().replace("[", "(").replace("]", ")"))
                    .append("](")
                    .append(link.url())
                    .append(')');
              }
              for (ChatButton button : c.buttons()) {
                card.append("\n> ")
                    .append(button.label())
                    .append(": `")
                    .append(button.action().id())
                    .append(' ')
                    .append(button.proposalId())
                    .append('`');
              }
            });
    int cardBytes = card.toString().getBytes(StandardCharsets.UTF_8).length;
    if (cardBytes >= MAX_BYTES / 2) {
      return cut(reply.markdown().strip() + card);
    }
    // The card is kept whole (a cut link is a broken link); the text above it is cut to fit.
    return cut(reply.markdown().strip(), MAX_BYTES - cardBytes) + card;
  }

  /**
   * The message body for the robot webhook and, with {@code touser} and {@code agentid} added, the
   * app API.
   */
  public static ObjectNode body(ChatReply reply) {
    ObjectNode body = JsonNodeFactory.instance.objectNode().put("msgtype", "markdown");
    body.putObject("markdown").put("content", content(reply));
    return body;
  }

  /** {@code text} cut to {@link #MAX_BYTES} of UTF-8 at a character boundary. */
  static String cut(String text) {
    return cut(text, MAX_BYTES);
  }

  /** {@code text} cut to {@code maxBytes} of UTF-8 at a character boundary. */
  private static String cut(String text, int maxBytes) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= maxBytes) {
      return text;
    }
    String marker = "\n...";
    int budget = maxBytes - marker.length();
    int end = 0;
    int used = 0;
    while (end < text.length()) {
      int cp = text.codePointAt(end);
      int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      if (used + size > budget) {
        break;
      }
      used += size;
      end += Character.charCount(cp);
    }
    return text.substring(0, end) + marker;
  }
}
