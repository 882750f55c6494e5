package dev.lakeops.agent.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class InMemoryChatThreadStoreTest {

  private static ChatTurn turn(String text) {
    return new ChatTurn(ChatTurn.Author.PERSON, "alice", text, Instant.EPOCH);
  }

  @Test
  void keepsTheLastTurnsOfEachThread() {
    InMemoryChatThreadStore store = new InMemoryChatThreadStore(3, 10);
    for (int i = 1; i <= 5; i++) {
      store.append("a", turn("m" + i));
    }
    assertThat(store.recent("a", 10)).extracting(ChatTurn::text).containsExactly("m3", "m4", "m5");
    assertThat(store.recent("a", 2)).extracting(ChatTurn::text).containsExactly("m4", "m5");
  }

  @Test
  void forgetsTheLeastRecentlyUsedThreadBeyondTheLimit() {
    InMemoryChatThreadStore store = new InMemoryChatThreadStore(3, 2);
    store.append("a", turn("a1"));
    store.append("b", turn("b1"));
    store.recent("a", 1);
    store.append("c", turn("c1"));

    assertThat(store.recent("a", 1)).isNotEmpty();
    assertThat(store.recent("b", 1)).isEmpty();
    assertThat(store.recent("c", 1)).isNotEmpty();
  }

  @Test
  void forgetsTurnsWrittenBeforeTheCutoff() {
    InMemoryChatThreadStore store = new InMemoryChatThreadStore(3, 10);
    store.append("a", new ChatTurn(ChatTurn.Author.PERSON, "alice", "old", Instant.EPOCH));
    store.append(
        "a", new ChatTurn(ChatTurn.Author.PERSON, "alice", "new", Instant.EPOCH.plusSeconds(60)));

    assertThat(store.forgetBefore(Instant.EPOCH.plusSeconds(1))).isEqualTo(1);
    assertThat(store.recent("a", 10)).extracting(ChatTurn::text).containsExactly("new");
  }

  @Test
  void refusesNonPositiveLimits() {
    assertThatThrownBy(() -> new InMemoryChatThreadStore(0, 1))
        .hasMessageContaining("Invalid turns per thread: 0");
  }
}
