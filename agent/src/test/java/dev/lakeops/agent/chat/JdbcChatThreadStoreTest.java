package dev.lakeops.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.agent.store.TestDatabases;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdbcChatThreadStoreTest {

  private static final Instant T0 = Instant.parse("2026-05-01T12:00:00Z");

  @TempDir Path dir;

  private static ChatTurn turn(String text, Instant at) {
    return new ChatTurn(ChatTurn.Author.PERSON, "alice", text, at);
  }

  @Test
  void aNewStoreOverTheSameDatabaseKeepsTheTurns() {
    DataSource db = TestDatabases.h2(dir);
    JdbcChatThreadStore before = new JdbcChatThreadStore(db, 20);
    before.append("slack:C1:171.1", turn("triage orders", T0));
    before.append(
        "slack:C1:171.1",
        new ChatTurn(
            ChatTurn.Author.LAKEOPS, "lakeops", "### Triage of `orders`", T0.plusMillis(1500)));

    JdbcChatThreadStore after = new JdbcChatThreadStore(TestDatabases.h2(dir), 20);

    assertThat(after.recent("slack:C1:171.1", 10))
        .containsExactly(
            turn("triage orders", T0),
            new ChatTurn(
                ChatTurn.Author.LAKEOPS, "lakeops", "### Triage of `orders`", T0.plusMillis(1500)));
    assertThat(after.recent("slack:C1:other", 10)).isEmpty();
  }

  @Test
  void keepsOnlyTheLastTurnsOfEachThreadInTheDatabase() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcChatThreadStore store = new JdbcChatThreadStore(db, 3);
    for (int i = 1; i <= 5; i++) {
      store.append("a", turn("m" + i, T0.plusSeconds(i)));
    }
    store.append("b", turn("b1", T0));

    assertThat(store.recent("a", 10)).extracting(ChatTurn::text).containsExactly("m3", "m4", "m5");
    assertThat(store.recent("a", 2)).extracting(ChatTurn::text).containsExactly("m4", "m5");
    assertThat(store.recent("a", 0)).isEmpty();
    assertThat(store.recent("b", 10)).extracting(ChatTurn::text).containsExactly("b1");
    assertThat(rows(db, "a")).isEqualTo(3);
  }

  @Test
  void concurrentAppendsFromTwoStoresLoseNoTurn() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcChatThreadStore one = new JdbcChatThreadStore(db, 1000);
    JdbcChatThreadStore two = new JdbcChatThreadStore(db, 1000);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    try {
      for (int w = 0; w < 4; w++) {
        JdbcChatThreadStore store = w % 2 == 0 ? one : two;
        String writer = "w" + w;
        done.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < 25; i++) {
                    store.append("shared", turn(writer + "-" + i, T0));
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    List<ChatTurn> turns = one.recent("shared", 1000);
    assertThat(turns).hasSize(100);
    assertThat(turns).extracting(ChatTurn::text).doesNotHaveDuplicates();
    for (int w = 0; w < 4; w++) {
      String writer = "w" + w;
      // Each writer's own turns stay in the order it wrote them.
      assertThat(
              turns.stream().map(ChatTurn::text).filter(t -> t.startsWith(writer + "-")).toList())
          .containsExactlyElementsOf(
              java.util.stream.IntStream.range(0, 25).mapToObj(i -> writer + "-" + i).toList());
    }
  }

  @Test
  void concurrentAppendsStillTrimToTheLimit() throws Exception {
    DataSource db = TestDatabases.h2(dir);
    JdbcChatThreadStore store = new JdbcChatThreadStore(db, 5);
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < 3; w++) {
        int writer = w;
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 20; i++) {
                    store.append("t", turn(writer + "-" + i, T0));
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(rows(db, "t")).isEqualTo(5);
    assertThat(store.recent("t", 10)).hasSize(5);
  }

  @Test
  void forgetsTurnsWrittenBeforeTheCutoff() {
    JdbcChatThreadStore store = new JdbcChatThreadStore(TestDatabases.h2(dir), 20);
    store.append("a", turn("old", T0.minusSeconds(3600)));
    store.append("a", turn("new", T0));
    store.append("b", turn("old b", T0.minusSeconds(7200)));

    assertThat(store.forgetBefore(T0.minusSeconds(60))).isEqualTo(2);

    assertThat(store.recent("a", 10)).extracting(ChatTurn::text).containsExactly("new");
    assertThat(store.recent("b", 10)).isEmpty();
  }

  @Test
  void keepsLongTextAndCutsOverlongUserIds() {
    JdbcChatThreadStore store = new JdbcChatThreadStore(TestDatabases.h2(dir), 20);
    String text = "x".repeat(ChatThreads.MAX_TURN_CHARS + 3);
    store.append("a", new ChatTurn(ChatTurn.Author.PERSON, "u".repeat(300), text, T0));

    ChatTurn stored = store.recent("a", 1).get(0);
    assertThat(stored.text()).isEqualTo(text);
    assertThat(stored.userId()).hasSize(JdbcChatThreadStore.MAX_USER_CHARS);
  }

  @Test
  void refusesAnOverlongThreadKeyAndNonPositiveLimits() {
    JdbcChatThreadStore store = new JdbcChatThreadStore(TestDatabases.h2(dir), 20);
    assertThatThrownBy(() -> store.append("k".repeat(513), turn("x", T0)))
        .hasMessageContaining("Invalid thread key: 513 characters");
    assertThatThrownBy(() -> new JdbcChatThreadStore(TestDatabases.h2(dir), 0))
        .hasMessageContaining("Invalid turns per thread: 0");
  }

  private static int rows(DataSource db, String key) throws Exception {
    try (var c = db.getConnection();
        var s = c.prepareStatement("SELECT COUNT(*) FROM chat_turn WHERE thread_key = ?")) {
      s.setString(1, key);
      try (var rs = s.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }
}
