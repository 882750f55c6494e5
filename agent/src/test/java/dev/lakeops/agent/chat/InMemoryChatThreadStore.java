package dev.lakeops.agent.chat;

import static dev.lakeops.tools.Checks.checkArgument;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread memory in the JVM, for tests that need no database, bounded twice: each thread keeps its
 * last {@code turnsPerThread} turns, and the least recently used threads are forgotten beyond
 * {@code maxThreads}. Lost at restart.
 */
public final class InMemoryChatThreadStore implements ChatThreadStore {

  private final int turnsPerThread;
  private final int maxThreads;
  private final Map<String, Deque<ChatTurn>> threads;

  public InMemoryChatThreadStore(int turnsPerThread, int maxThreads) {
    checkArgument(
        turnsPerThread > 0, "Invalid turns per thread: %s (must be positive)", turnsPerThread);
    checkArgument(maxThreads > 0, "Invalid max threads: %s (must be positive)", maxThreads);
    this.turnsPerThread = turnsPerThread;
    this.maxThreads = maxThreads;
    this.threads =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Deque<ChatTurn>> eldest) {
            return size() > InMemoryChatThreadStore.this.maxThreads;
          }
        };
  }

  @Override
  public synchronized void append(String threadKey, ChatTurn turn) {
    Deque<ChatTurn> turns = threads.computeIfAbsent(threadKey, k -> new ArrayDeque<>());
    turns.addLast(turn);
    while (turns.size() > turnsPerThread) {
      turns.removeFirst();
    }
  }

  @Override
  public synchronized List<ChatTurn> recent(String threadKey, int limit) {
    Deque<ChatTurn> turns = threads.get(threadKey);
    if (turns == null || limit <= 0) {
      return List.of();
    }
    List<ChatTurn> all = List.copyOf(turns);
    return all.subList(Math.max(0, all.size() - limit), all.size());
  }

  @Override
  public synchronized int forgetBefore(Instant cutoff) {
    int forgotten = 0;
    for (Deque<ChatTurn> turns : threads.values()) {
      int before = turns.size();
      turns.removeIf(t -> t.at().isBefore(cutoff));
      forgotten += before - turns.size();
    }
    threads.values().removeIf(Deque::isEmpty);
    return forgotten;
  }
}
