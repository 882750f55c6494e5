package dev.lakeops.agent.im;

import dev.lakeops.agent.chat.ChatHandler;
import dev.lakeops.agent.chat.ChatReply;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands IM messages to the {@link ChatHandler} on worker threads and posts the replies, so that an
 * endpoint acknowledges within the platform's deadline (3 s for Slack and Feishu, 5 s for WeCom)
 * however long the handling takes. A retried delivery (same event id) is handled once.
 */
public final class ChatDispatcher {

  private static final Logger LOG = LoggerFactory.getLogger(ChatDispatcher.class);

  private final ChatHandler handler;
  private final Executor workers;
  private final RecentKeys deliveries;

  public ChatDispatcher(ChatHandler handler, Executor workers, RecentKeys deliveries) {
    this.handler = handler;
    this.workers = workers;
    this.deliveries = deliveries;
  }

  /**
   * Queues {@code chat} and returns at once.
   *
   * @return false when it is a retry of a delivery already queued (nothing is done then)
   */
  public boolean dispatch(Inbound.Chat chat) {
    if (chat.eventId() != null
        && !deliveries.firstSeen(chat.message().platform().id() + ":" + chat.eventId())) {
      LOG.debug("Dropped retry {} of {}", chat.eventId(), chat.message().platform().id());
      return false;
    }
    try {
      workers.execute(() -> run(chat));
    } catch (RejectedExecutionException e) {
      LOG.warn("Chat message in {} not handled: lakeops is stopping", chat.message().threadKey());
    }
    return true;
  }

  private void run(Inbound.Chat chat) {
    ChatReply reply;
    try {
      reply = handler.handle(chat.message());
    } catch (RuntimeException e) {
      LOG.error("Handling the chat message in {} failed", chat.message().threadKey(), e);
      return;
    }
    try {
      chat.sender().send(reply);
    } catch (RuntimeException e) {
      LOG.error("Reply to {} not delivered: {}", chat.message().threadKey(), e.getMessage());
    }
  }
}
