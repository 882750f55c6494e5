package dev.lakeops.agent.chat;

import java.util.List;

/**
 * Where thread memory is kept, keyed by {@link ChatMessage#threadKey()}. The in-memory store is the
 * default; a database-backed one can replace it so that several lakeops instances share threads.
 * Implementations are safe for concurrent use.
 */
public interface ChatThreadStore {

  /** Appends {@code turn} to the thread, creating it when new. */
  void append(String threadKey, ChatTurn turn);

  /** The last {@code limit} turns of the thread, oldest first; empty for an unknown thread. */
  List<ChatTurn> recent(String threadKey, int limit);
}
