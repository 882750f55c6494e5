package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Thresholds of the lag evaluation.
 *
 * @param minStallWindow a committed offset that did not move over a shorter window is not called
 *     stalled or stopped: consumers commit every 5 s by default ({@code auto.commit.interval.ms}),
 *     Flink sources once per checkpoint
 * @param maxPartitionsInEvidence how many partitions a finding lists, worst first
 */
public record LagRules(Duration minStallWindow, int maxPartitionsInEvidence) {

  public LagRules {
    requireNonNull(minStallWindow, "minStallWindow");
    if (maxPartitionsInEvidence < 1) {
      throw new IllegalArgumentException(
          "Invalid maxPartitionsInEvidence: " + maxPartitionsInEvidence);
    }
  }

  public static LagRules defaults() {
    return new LagRules(Duration.ofSeconds(10), 10);
  }

  public LagRules withMinStallWindow(Duration value) {
    return new LagRules(value, maxPartitionsInEvidence);
  }
}
