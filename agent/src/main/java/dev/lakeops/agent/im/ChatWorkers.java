package dev.lakeops.agent.im;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that handle IM messages after their endpoint has acknowledged them ({@code
 * lakeops.chat.workers}).
 */
@Singleton
public class ChatWorkers {

  private final ExecutorService executor;

  public ChatWorkers(ChatConfig chat) {
    if (chat.workers() < 1) {
      throw new IllegalArgumentException(
          "Invalid lakeops.chat.workers: " + chat.workers() + " (must be at least 1)");
    }
    AtomicInteger count = new AtomicInteger();
    this.executor =
        Executors.newFixedThreadPool(
            chat.workers(),
            task -> {
              Thread thread = new Thread(task, "lakeops-chat-" + count.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
  }

  public ExecutorService executor() {
    return executor;
  }

  /** Lets running handlers finish for a few seconds; messages still queued are not answered. */
  @PreDestroy
  void stop() {
    executor.shutdown();
    try {
      if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
