package dev.lakeops.agent.chat;

import java.time.Clock;
import java.util.List;

/**
 * Thread-scoped memory: what was said in a thread, so that a follow-up ("and the lag?") can be read
 * with what came before. Replies are remembered by their text, not their card.
 */
public final class ChatThreads {

  /** Longest text remembered per turn; a long triage report is cut, its start is what matters. */
  static final int MAX_TURN_CHARS = 4000;

  private final ChatThreadStore store;
  private final Clock clock;

  public ChatThreads(ChatThreadStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  public void rememberMessage(ChatMessage message) {
    store.append(
        message.threadKey(),
        new ChatTurn(
            ChatTurn.Author.PERSON, message.userId(), cut(message.text()), clock.instant()));
  }

  public void rememberReply(ChatMessage to, ChatReply reply) {
    store.append(
        to.threadKey(),
        new ChatTurn(ChatTurn.Author.LAKEOPS, "lakeops", cut(reply.markdown()), clock.instant()));
  }

  /** The last {@code limit} turns of the message's thread, oldest first. */
  public List<ChatTurn> recent(ChatMessage message, int limit) {
    return store.recent(message.threadKey(), limit);
  }

  private static String cut(String text) {
    return text.length() <= MAX_TURN_CHARS ? text : text.substring(0, MAX_TURN_CHARS) + "...";
  }
}
