package dev.lakeops.agent.llm;

import dev.langchain4j.memory.ChatMemory;
import dev.langchain4j.memory.chat.ChatMemoryProvider;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One {@link MessageWindowChatMemory} per chat thread, in memory, the least recently used thread
 * forgotten first once {@code maxThreads} are held. Durable thread history is the chat store's job.
 */
final class ThreadMemories implements ChatMemoryProvider {

  private final int messagesPerThread;
  private final Map<Object, ChatMemory> byThread;

  ThreadMemories(int messagesPerThread, int maxThreads) {
    this.messagesPerThread = messagesPerThread;
    this.byThread =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Object, ChatMemory> eldest) {
            return size() > maxThreads;
          }
        };
  }

  @Override
  public synchronized ChatMemory get(Object threadId) {
    return byThread.computeIfAbsent(
        threadId,
        id -> MessageWindowChatMemory.builder().id(id).maxMessages(messagesPerThread).build());
  }

  /** Whether a memory is held for {@code threadId}; asking does not create one. */
  synchronized boolean has(Object threadId) {
    return byThread.containsKey(threadId);
  }

  synchronized int threads() {
    return byThread.size();
  }
}
