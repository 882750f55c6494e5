package dev.lakeops.tools.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Burrow's partition rules over a window of samples, adapted to what the AdminClient shows. The
 * Admin API gives no commit timestamps (Burrow reads them from {@code __consumer_offsets}), so
 * "committing but not progressing" (STALL) and "not committing" (STOP) are told apart by group
 * membership: a group with live members that does not move is stalled, one without is stopped.
 * Pure.
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
    return neverShrank && latest.lag() > first.lag() ? LagStatus.WARN : LagStatus.OK;
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
