package dev.lakeops.tools.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Burrow's partition rules over a window of samples, adapted to what the AdminClient shows. The
 * Admin API gives no commit timestamps (Burrow reads them from {@code __consumer_offsets}), so
 * "committing but not progressing" (STALL) and "not committing" (STOP) are told apart by group
 * membership: a group with live members that does not move is stalled, one without is stopped.
 * Growing lag needs more than Burrow's "rose between every probe": enough probes over a long enough
 * window ({@link LagRules#minGrowthWindow()}, {@link LagRules#minGrowthSamples()}), and a rise
 * larger than a consumer that keeps up can trail by ({@link #fallsBehind}): lag sampled between
 * commits rises and falls with the commit cycle, not with the consumer's speed. Pure.
 */
final class LagEvaluation {

  private LagEvaluation() {}

  /**
   * Evaluates one partition.
   *
   * <p>Requires: {@code samples} is not empty and ordered oldest first.
   */
  static LagStatus evaluate(
      List<PartitionSample> samples, boolean hasMembers, boolean onlyMarkersLeft, LagRules rules) {
    PartitionSample latest = samples.get(samples.size() - 1);
    if (latest.belowLogStart()) {
      return LagStatus.ERR;
    }
    if (latest.lag() == 0 || onlyMarkersLeft) {
      return LagStatus.OK;
    }
    List<PartitionSample> window = sinceLastRewind(samples);
    // Rule 1: caught up at any point of the window.
    if (window.stream().anyMatch(s -> s.lag() == 0)) {
      return LagStatus.OK;
    }
    if (window.size() < 2) {
      return LagStatus.NO_TREND;
    }
    PartitionSample first = window.get(0);
    if (first.committed() == latest.committed()) {
      Duration span = Duration.between(first.at(), latest.at());
      if (span.compareTo(rules.minStallWindow()) < 0) {
        return LagStatus.NO_TREND;
      }
      return hasMembers ? LagStatus.STALL : LagStatus.STOP;
    }
    boolean neverShrank = true;
    for (int i = 1; i < window.size(); i++) {
      neverShrank &= window.get(i).lag() >= window.get(i - 1).lag();
    }
    if (!neverShrank || latest.lag() <= first.lag()) {
      return LagStatus.OK;
    }
    // Rule 4 (lag rose between every pair of probes) only over a window that can show a trend.
    Duration span = Duration.between(first.at(), latest.at());
    if (window.size() < rules.minGrowthSamples() || span.compareTo(rules.minGrowthWindow()) < 0) {
      return LagStatus.NO_TREND;
    }
    if (fallsBehind(window, rules.commitInterval())) {
      return LagStatus.WARN;
    }
    // The lag rose between every two probes, but by no more than a consumer that keeps up may
    // trail between two commits: only a window of several commit intervals tells the two apart.
    return span.compareTo(rules.commitInterval().multipliedBy(TREND_COMMITS)) < 0
        ? LagStatus.NO_TREND
        : LagStatus.OK;
  }

  /** Commit intervals a rising lag is watched for before it is called keeping up. */
  static final int TREND_COMMITS = 4;

  /**
   * True when the committed offsets advanced measurably slower than the end offsets: the lag rose
   * by more than the records produced while a consumer that keeps up may go without committing.
   * That time is {@code commitInterval}, or less when the committed offset moved between every two
   * probes: a commit then came at most one probe gap before each probe.
   *
   * <p>Requires: {@code window} oldest first, at least two samples, the first before the last.
   */
  static boolean fallsBehind(List<PartitionSample> window, Duration commitInterval) {
    PartitionSample first = window.get(0);
    PartitionSample latest = window.get(window.size() - 1);
    long spanMillis = Duration.between(first.at(), latest.at()).toMillis();
    if (spanMillis <= 0) {
      return false;
    }
    long trailMillis = commitInterval.toMillis();
    long maxGap = 0;
    boolean committedEveryGap = true;
    for (int i = 1; i < window.size(); i++) {
      maxGap =
          Math.max(maxGap, Duration.between(window.get(i - 1).at(), window.get(i).at()).toMillis());
      committedEveryGap &= window.get(i).committed() != window.get(i - 1).committed();
    }
    if (committedEveryGap) {
      trailMillis = Math.min(trailMillis, maxGap);
    }
    double producedPerMilli = (double) (latest.end() - first.end()) / spanMillis;
    return latest.lag() - first.lag() > producedPerMilli * trailMillis;
  }

  /** Committed offsets that moved backwards, as {@code [from, to]}. */
  static List<long[]> rewinds(List<PartitionSample> samples) {
    List<long[]> rewinds = new ArrayList<>();
    for (int i = 1; i < samples.size(); i++) {
      long before = samples.get(i - 1).committed();
      long after = samples.get(i).committed();
      if (after < before) {
        rewinds.add(new long[] {before, after});
      }
    }
    return rewinds;
  }

  private static List<PartitionSample> sinceLastRewind(List<PartitionSample> samples) {
    int from = 0;
    for (int i = 1; i < samples.size(); i++) {
      if (samples.get(i).committed() < samples.get(i - 1).committed()) {
        from = i;
      }
    }
    return samples.subList(from, samples.size());
  }
}
