package dev.lakeops.tools.flink;

import static dev.lakeops.tools.Checks.checkArgument;

import java.time.Duration;

/**
 * How hard the Flink probe tries. Flink's JobManager caches metrics (10 s by default) and answers
 * empty lists or {@code "deprecated"} until it has fetched them, so a capture that finds no data is
 * repeated after {@code backoff} (doubled each time) before anything is concluded.
 *
 * @param attempts captures at most, at least 1
 * @param backoff pause before the second capture
 * @param maxVertices vertices sampled per job (keeps tool output and REST load bounded)
 * @param subtasksPerRequest subtasks whose metrics are asked for in one request (URL length)
 */
public record Sampling(int attempts, Duration backoff, int maxVertices, int subtasksPerRequest) {

  public Sampling {
    checkArgument(attempts >= 1, "Invalid attempts: %s (must be at least 1)", attempts);
    checkArgument(!backoff.isNegative(), "Invalid backoff: %s", backoff);
    checkArgument(maxVertices >= 1, "Invalid maxVertices: %s", maxVertices);
    checkArgument(subtasksPerRequest >= 1, "Invalid subtasksPerRequest: %s", subtasksPerRequest);
  }

  public static Sampling defaults() {
    return new Sampling(4, Duration.ofSeconds(1), 32, 64);
  }

  /** One capture, no waiting: for replaying recordings. */
  public static Sampling once() {
    return new Sampling(1, Duration.ZERO, 32, 64);
  }
}
