package dev.lakeops.agent.chat;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Approval links are a credential of the one person they were issued to: in a conversation that
 * others read, a colleague could decide in that person's name (and count twice towards a
 * two-approver action). Adapters therefore deliver a reply's links only privately: in a direct
 * conversation as they are, in a group as a message only the person sees (Slack's ephemeral
 * messages), or not at all, with a line saying how to get them in a direct chat.
 */
public final class PrivateLinks {

  private static final Messages MESSAGES = new Messages();

  private PrivateLinks() {}

  public static boolean has(ChatReply reply) {
    return reply.findCard().map(c -> !c.links().isEmpty()).orElse(false);
  }

  /**
   * {@code reply} for a conversation others read: its card without links and, when it had links, a
   * line saying to send {@code link <id>} in a direct chat. Unchanged when it had none.
   */
  public static ChatReply forGroup(ChatReply reply) {
    if (!has(reply)) {
      return reply;
    }
    ChatCard card = reply.card();
    String id = card.links().get(0).proposalId();
    // A proposal id is [A-Za-z0-9._:-]: safe inside the code span of the message.
    String note = MESSAGES.get(reply.language(), "link.group-hidden", id);
    return new ChatReply(
        reply.intent(),
        reply.markdown().strip() + "\n\n" + note,
        reply.language(),
        new ChatCard(card.title(), card.buttons(), List.of()));
  }

  /**
   * {@code reply} without its links, for the public part of a reply whose links go privately to
   * their person; null when the reply is about the links alone ({@code link <id>}).
   */
  public static @Nullable ChatReply publicPart(ChatReply reply) {
    if (!has(reply)) {
      return reply;
    }
    if (reply.intent() == ChatIntent.Kind.LINK) {
      return null;
    }
    ChatCard card = reply.card();
    return new ChatReply(
        reply.intent(),
        reply.markdown(),
        reply.language(),
        new ChatCard(card.title(), card.buttons(), List.of()));
  }

  /**
   * The private part: the whole reply to {@code link <id>}, or the links alone under the card's
   * title.
   */
  public static ChatReply privatePart(ChatReply reply) {
    if (reply.intent() == ChatIntent.Kind.LINK) {
      return reply;
    }
    ChatCard card = reply.card();
    return new ChatReply(
        reply.intent(),
        MESSAGES.get(
            reply.language(),
            "link.yours",
            ChatMarkdown.code(card.links().get(0).proposalId()),
            ChatMarkdown.text(card.links().get(0).user())),
        reply.language(),
        new ChatCard(card.title(), List.of(), card.links()));
  }
}
