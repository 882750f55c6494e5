package dev.lakeops.agent.im.wecom;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.agent.chat.ChatButton;
import dev.lakeops.agent.chat.ChatReply;
import java.nio.charset.StandardCharsets;

/**
 * A reply as WeCom markdown ({@code {"msgtype": "markdown", "markdown": {"content": ...}}}). WeCom
 * markdown has no buttons, so a card lists the command to send for each one.
 */
public final class WeComMarkdown {

  /** WeCom accepts at most 2048 bytes of markdown content. */
  static final int MAX_BYTES = 2048;

  private WeComMarkdown() {}

  public static String content(ChatReply reply) {
    StringBuilder md = new StringBuilder(reply.markdown().strip());
    reply.findCard().ifPresent(card -> {
      md.append("\n\n**").append(card.title()).append("**");
      for (ChatButton button : card.buttons()) {
        md.append("\n> ").append(button.label()).append(": `").append(button.action().id()).append(' ').append(button.proposalId()).append('`');
      }
    });
    return cut(md.toString());
  }

  /** The message body for the robot webhook and, with {@code touser} and {@code agentid} added, the app API. */
  public static ObjectNode body(ChatReply reply) {
    ObjectNode body = JsonNodeFactory.instance.objectNode().put("msgtype", "markdown");
    body.putObject("markdown").put("content", content(reply));
    return body;
  }

  /** {@code text} cut to {@link #MAX_BYTES} of UTF-8 at a character boundary. */
  static String cut(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= MAX_BYTES) {
      return text;
    }
    String marker = "\n...";
    int budget = MAX_BYTES - marker.length();
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
