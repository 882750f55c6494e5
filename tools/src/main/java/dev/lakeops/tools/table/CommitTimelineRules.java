package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * When the commit timeline analyzer calls a pause between commits a gap: longer than {@code
 * gapFactor} times the median interval between data commits, and at least {@code minGap} (so that a
 * table committed every few milliseconds in a burst does not report jitter), judged only once
 * {@code minIntervals} intervals exist to take a median of.
 */
public record CommitTimelineRules(double gapFactor, Duration minGap, int minIntervals) {

  public CommitTimelineRules {
    requireNonNull(minGap, "minGap");
    if (!(gapFactor > 1)) {
      throw new IllegalArgumentException("Invalid gapFactor: " + gapFactor + " (must be above 1)");
    }
    if (minIntervals < 2) {
      throw new IllegalArgumentException(
          "Invalid minIntervals: " + minIntervals + " (must be at least 2)");
    }
  }

  /** A gap is 10 x the median interval and at least 5 minutes, judged from 4 intervals on. */
  public static CommitTimelineRules defaults() {
    return new CommitTimelineRules(10, Duration.ofMinutes(5), 4);
  }
}
