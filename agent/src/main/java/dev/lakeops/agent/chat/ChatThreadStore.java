package dev.lakeops.agent.chat;

import java.time.Instant;
import java.util.List;

/**
 * Where thread memory is kept, keyed by {@link ChatMessage#threadKey()}. The app keeps it in the
 * database ({@link JdbcChatThreadStore}), so threads outlive a restart and several lakeops
 * instances share them. Implementations are safe for concurrent use.
 */
public interface ChatThreadStore {

  /** Appends {@code turn} to the thread, creating it when new. */
  void append(String threadKey, ChatTurn turn);

  /** The last {@code limit} turns of the thread, oldest first; empty for an unknown thread. */
  List<ChatTurn> recent(String threadKey, int limit);

  /** Forgets every turn written before {@code cutoff}; returns how many were forgotten. */
  int forgetBefore(Instant cutoff);
}
