package dev.lakeops.agent.im;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.chat.ChatIntent;
import dev.lakeops.agent.chat.ChatMessage;
import dev.lakeops.agent.chat.ChatReply;
import dev.lakeops.agent.chat.Language;
import dev.lakeops.agent.chat.Platform;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ChatDispatcherTest {

  private final ExecutorService workers = Executors.newFixedThreadPool(2);
  private final MutableClock clock = new MutableClock(Instant.parse("2026-05-01T12:00:00Z"));

  @AfterEach
  void stop() {
    workers.shutdownNow();
  }

  private static ChatMessage message(String text) {
    return new ChatMessage(Platform.SLACK, "1.0", "C1", "U1", text, Language.EN);
  }

  @Test
  void returnsBeforeTheHandlerFinishesAndSendsTheReplyAfterwards() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    LinkedBlockingQueue<ChatReply> sent = new LinkedBlockingQueue<>();
    ChatDispatcher dispatcher =
        new ChatDispatcher(
            m -> {
              try {
                release.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return new ChatReply(ChatIntent.Kind.HELP, "reply to " + m.text(), Language.EN, null);
            },
            workers,
            new RecentKeys(Duration.ofMinutes(5), 10, clock));

    assertThat(dispatcher.dispatch(new Inbound.Chat(message("help"), "Ev1", sent::add))).isTrue();

    assertThat(sent).isEmpty();
    release.countDown();
    assertThat(sent.poll(10, TimeUnit.SECONDS).markdown()).isEqualTo("reply to help");
  }

  @Test
  void handlesARetriedDeliveryOnce() throws Exception {
    AtomicInteger handled = new AtomicInteger();
    LinkedBlockingQueue<ChatReply> sent = new LinkedBlockingQueue<>();
    ChatDispatcher dispatcher =
        new ChatDispatcher(
            m -> {
              handled.incrementAndGet();
              return new ChatReply(ChatIntent.Kind.HELP, m.text(), Language.EN, null);
            },
            workers,
            new RecentKeys(Duration.ofMinutes(5), 10, clock));

    assertThat(dispatcher.dispatch(new Inbound.Chat(message("first"), "Ev1", sent::add))).isTrue();
    assertThat(dispatcher.dispatch(new Inbound.Chat(message("retry"), "Ev1", sent::add))).isFalse();
    assertThat(dispatcher.dispatch(new Inbound.Chat(message("no id"), null, sent::add))).isTrue();

    assertThat(sent.poll(10, TimeUnit.SECONDS)).isNotNull();
    assertThat(sent.poll(10, TimeUnit.SECONDS)).isNotNull();
    workers.shutdown();
    assertThat(workers.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    assertThat(handled).hasValue(2);
  }

  @Test
  void survivesAHandlerOrSenderThatThrows() throws Exception {
    LinkedBlockingQueue<ChatReply> sent = new LinkedBlockingQueue<>();
    ChatDispatcher dispatcher =
        new ChatDispatcher(
            m -> {
              if (m.text().equals("boom")) {
                throw new IllegalStateException("boom");
              }
              return new ChatReply(ChatIntent.Kind.HELP, m.text(), Language.EN, null);
            },
            workers,
            new RecentKeys(Duration.ofMinutes(5), 10, clock));

    dispatcher.dispatch(new Inbound.Chat(message("boom"), null, sent::add));
    dispatcher.dispatch(
        new Inbound.Chat(
            message("fails to send"),
            null,
            r -> {
              throw new DeliveryException("refused");
            }));
    dispatcher.dispatch(new Inbound.Chat(message("fine"), null, sent::add));

    assertThat(sent.poll(10, TimeUnit.SECONDS).markdown()).isEqualTo("fine");
  }

  @Test
  void forgetsDeliveriesAfterTheWindow() {
    RecentKeys keys = new RecentKeys(Duration.ofMinutes(5), 10, clock);
    assertThat(keys.firstSeen("a")).isTrue();
    assertThat(keys.firstSeen("a")).isFalse();
    clock.advance(Duration.ofMinutes(6));
    assertThat(keys.firstSeen("a")).isTrue();
  }
}
