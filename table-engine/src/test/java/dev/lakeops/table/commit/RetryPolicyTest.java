package dev.lakeops.table.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.schema.TableOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

  private final CommitConflictException conflict =
      new CommitConflictException(7, "Snapshot 7 was taken");

  @Test
  void readsPaimonsCommitOptionsAndDefaults() {
    RetryPolicy defaults = RetryPolicy.of(TableOptions.of(Map.of()));
    RetryPolicy configured =
        RetryPolicy.of(
            TableOptions.of(
                Map.of(
                    "commit.max-retries",
                    "3",
                    "commit.min-retry-wait",
                    "5 ms",
                    "commit.max-retry-wait",
                    "40 ms",
                    "commit.timeout",
                    "2 s")));

    assertThat(defaults.maxRetries()).isEqualTo(10);
    assertThat(defaults.minWait()).isEqualTo(Duration.ofMillis(10));
    assertThat(defaults.maxWait()).isEqualTo(Duration.ofSeconds(10));
    assertThat(defaults.timeout()).isNull();
    assertThat(configured)
        .extracting(
            RetryPolicy::maxRetries,
            RetryPolicy::minWait,
            RetryPolicy::maxWait,
            RetryPolicy::timeout)
        .containsExactly(3, Duration.ofMillis(5), Duration.ofMillis(40), Duration.ofSeconds(2));
  }

  @Test
  void waitsExponentiallyLongerUpToTheCapWithAtMostOneFifthJitter() {
    List<Duration> waits = new ArrayList<>();
    RetryPolicy policy =
        new RetryPolicy(10, Duration.ofMillis(10), Duration.ofMillis(100), null, waits::add);

    for (int attempt = 1; attempt <= 6; attempt++) {
      policy.pauseOrThrow(attempt, Duration.ZERO, conflict);
    }

    long[] bases = {10, 20, 40, 80, 100, 100};
    for (int i = 0; i < bases.length; i++) {
      assertThat(waits.get(i).toMillis()).isBetween(bases[i], bases[i] + bases[i] / 5);
    }
    assertThat(policy.backoff(200).toMillis()).isBetween(100L, 120L);
  }

  @Test
  void givesUpAfterMaxRetriesWithTheConflictAsCause() {
    RetryPolicy policy = RetryPolicy.withoutWaiting(2);
    policy.pauseOrThrow(1, Duration.ZERO, conflict);
    policy.pauseOrThrow(2, Duration.ZERO, conflict);

    assertThatThrownBy(() -> policy.pauseOrThrow(3, Duration.ZERO, conflict))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("after 3 attempts")
        .hasMessageContaining("commit.max-retries")
        .hasCause(conflict);
  }

  @Test
  void givesUpOnceTheTimeoutPassed() {
    RetryPolicy policy =
        new RetryPolicy(100, Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1), d -> {});
    policy.pauseOrThrow(1, Duration.ofMillis(999), conflict);

    assertThatThrownBy(() -> policy.pauseOrThrow(2, Duration.ofSeconds(1), conflict))
        .isInstanceOf(CommitConflictException.class)
        .hasMessageContaining("commit.timeout");
  }

  @Test
  void rejectsAMaxWaitBelowTheMinWait() {
    assertThatThrownBy(
            () -> new RetryPolicy(1, Duration.ofSeconds(2), Duration.ofSeconds(1), null, d -> {}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("PT2S");
  }
}
