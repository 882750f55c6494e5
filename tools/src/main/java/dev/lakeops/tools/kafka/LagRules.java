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
 * @param minGrowthWindow lag that rose over a shorter window is not called growing: two probes
 *     seconds apart see one commit more or less, not a trend
 * @param minGrowthSamples probes the window needs (since the last rewind) before lag is called
 *     growing: it must have risen between each of them. Two by default: over the minimum window,
 *     the rates of committed and end offsets tell growth from the commit cycle
 * @param commitInterval how far a consumer that keeps up may trail between two commits: lag is
 *     called growing only when it rose by more than the records produced in this time, i.e. the
 *     committed offsets advanced measurably slower than the end offsets ({@code
 *     auto.commit.interval.ms} defaults to 5 s)
 */
public record LagRules(
    Duration minStallWindow,
    int maxPartitionsInEvidence,
    Duration minGrowthWindow,
    int minGrowthSamples,
    Duration commitInterval) {

  public LagRules {
    requireNonNull(minStallWindow, "minStallWindow");
    requireNonNull(minGrowthWindow, "minGrowthWindow");
    requireNonNull(commitInterval, "commitInterval");
    if (maxPartitionsInEvidence < 1) {
      throw new IllegalArgumentException(
          "Invalid maxPartitionsInEvidence: " + maxPartitionsInEvidence);
    }
    if (minGrowthSamples < 2) {
      throw new IllegalArgumentException(
          "Invalid minGrowthSamples: " + minGrowthSamples + " (a trend needs at least 2)");
    }
  }

  public static LagRules defaults() {
    return new LagRules(
        Duration.ofSeconds(10), 10, Duration.ofSeconds(10), 2, Duration.ofSeconds(5));
  }

  public LagRules withMinStallWindow(Duration value) {
    return new LagRules(
        value, maxPartitionsInEvidence, minGrowthWindow, minGrowthSamples, commitInterval);
  }

  public LagRules withMinGrowthWindow(Duration value) {
    return new LagRules(
        minStallWindow, maxPartitionsInEvidence, value, minGrowthSamples, commitInterval);
  }
}
