package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.schema.TableOptions;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;

/**
 * When a commit that lost the race for a snapshot id tries again, and when it gives up. The only
 * place that decides about retries; it retries only {@link CommitConflictException}s.
 *
 * <p>Follows Paimon's commit loop ({@code paimon-format.md} §14.2): at most {@code maxRetries}
 * retries ({@code commit.max-retries}) and, when set, no retry after {@code timeout} ({@code
 * commit.timeout}); retry {@code n} (from 0) first waits {@code min(minWait * 2^n, maxWait)} plus
 * up to 20 % random jitter, so that two writers that collided do not collide again in lockstep.
 *
 * @param maxRetries retries after the first attempt
 * @param timeout no retry starts later than this after the first attempt; null for unbounded
 * @param sleeper how to wait; {@link Sleeper#THREAD} outside tests
 */
public record RetryPolicy(
    int maxRetries,
    Duration minWait,
    Duration maxWait,
    @Nullable Duration timeout,
    Sleeper sleeper) {

  /** Waits between attempts. */
  @FunctionalInterface
  public interface Sleeper {
    Sleeper THREAD = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);

    void sleep(Duration duration) throws InterruptedException;
  }

  public RetryPolicy {
    if (maxRetries < 0) {
      throw new IllegalArgumentException("Invalid max retries: " + maxRetries + " (must be >= 0)");
    }
    requireNonNull(minWait, "minWait");
    requireNonNull(maxWait, "maxWait");
    requireNonNull(sleeper, "sleeper");
    if (minWait.isNegative() || maxWait.compareTo(minWait) < 0) {
      throw new IllegalArgumentException(
          "Invalid retry waits: min " + minWait + ", max " + maxWait + " (need 0 <= min <= max)");
    }
  }

  /**
   * The policy of {@code commit.max-retries}, {@code commit.min-retry-wait}, {@code
   * commit.max-retry-wait}, {@code commit.timeout}.
   */
  public static RetryPolicy of(TableOptions options) {
    Duration min = options.commitMinRetryWait();
    return new RetryPolicy(
        options.commitMaxRetries(),
        min,
        max(min, options.commitMaxRetryWait()),
        options.commitTimeout().orElse(null),
        Sleeper.THREAD);
  }

  /** Retries up to {@code maxRetries} times without waiting: for tests. */
  public static RetryPolicy withoutWaiting(int maxRetries) {
    return new RetryPolicy(maxRetries, Duration.ZERO, Duration.ZERO, null, d -> {});
  }

  /**
   * Waits before attempt {@code attempt + 1}, or throws when no further attempt may start.
   *
   * @param attempt the attempt that just failed, from 1
   * @param elapsed time since the first attempt started
   * @throws CommitConflictException {@code cause} wrapped with how many attempts were made, when
   *     retries are exhausted, the timeout passed, or the thread was interrupted while waiting
   */
  public void pauseOrThrow(int attempt, Duration elapsed, CommitConflictException cause) {
    if (attempt > maxRetries) {
      throw new CommitConflictException(
          cause.snapshotId(),
          "Commit failed after "
              + attempt
              + " attempts ("
              + maxRetries
              + " retries, commit.max-retries); other writers kept taking the next snapshot id: "
              + cause.getMessage(),
          cause);
    }
    if (timeout != null && elapsed.compareTo(timeout) >= 0) {
      throw new CommitConflictException(
          cause.snapshotId(),
          "Commit failed after "
              + attempt
              + " attempts in "
              + elapsed.toMillis()
              + " ms (commit.timeout "
              + timeout
              + "): "
              + cause.getMessage(),
          cause);
    }
    try {
      sleeper.sleep(backoff(attempt - 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommitConflictException(
          cause.snapshotId(),
          "Interrupted while waiting to retry a commit that lost "
              + "snapshot "
              + cause.snapshotId()
              + " to another writer",
          cause);
    }
  }

  /** The wait before retry {@code retry} (from 0): exponential, capped, plus up to 20 % jitter. */
  Duration backoff(int retry) {
    long min = minWait.toMillis();
    long cap = maxWait.toMillis();
    long base = cap;
    if (retry < 62 && (min << retry) >>> retry == min) {
      base = Math.min(cap, min << retry);
    }
    long jitter = base == 0 ? 0 : ThreadLocalRandom.current().nextLong(base / 5 + 1);
    return Duration.ofMillis(base + jitter);
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }
}
