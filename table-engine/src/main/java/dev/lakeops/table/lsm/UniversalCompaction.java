package dev.lakeops.table.lsm;

import dev.lakeops.table.schema.TableOptions;
import java.util.List;
import java.util.Optional;

/**
 * Paimon's universal (tiered) compaction picker ({@code paimon-format.md} §15.4; source: Paimon
 * {@code UniversalCompaction}), so that a bucket written by lakeops compacts the way Paimon would.
 *
 * @param maxSizeAmplificationPercent {@code compaction.max-size-amplification-percent} (200)
 * @param sizeRatio {@code compaction.size-ratio} (1)
 * @param numRunCompactionTrigger {@code num-sorted-run.compaction-trigger} (5)
 */
public record UniversalCompaction(
    int maxSizeAmplificationPercent, int sizeRatio, int numRunCompactionTrigger)
    implements CompactionPicker {

  public UniversalCompaction {
    if (maxSizeAmplificationPercent <= 0) {
      throw new IllegalArgumentException(
          "Invalid max size amplification: " + maxSizeAmplificationPercent + "%");
    }
    if (sizeRatio < 0) {
      throw new IllegalArgumentException("Invalid size ratio: " + sizeRatio + "%");
    }
    if (numRunCompactionTrigger < 1) {
      throw new IllegalArgumentException(
          "Invalid sorted-run compaction trigger: " + numRunCompactionTrigger);
    }
  }

  public static UniversalCompaction of(TableOptions options) {
    return new UniversalCompaction(
        options.maxSizeAmplificationPercent(),
        options.sizeRatio(),
        options.numSortedRunCompactionTrigger());
  }

  /**
   * Picks runs to merge when the newest runs together are large relative to the next one.
   *
   * <p>Nothing is compacted while the bucket has fewer sorted runs than the trigger: below it a
   * read merges few enough runs, and every compaction rewrites bytes. At or above it, three rules
   * are tried in Paimon's order:
   *
   * <ol>
   *   <li><b>Size amplification</b>: when all runs but the oldest hold more than {@code
   *       maxSizeAmplificationPercent} of the oldest's bytes, most of the bucket is unmerged
   *       updates; merging everything into the highest level bounds the space wasted on old
   *       versions (200% means at most three times the live data).
   *   <li><b>Size ratio</b>: starting from the newest run, keep adding the next older run while the
   *       candidates together are at least as large as it (within {@code sizeRatio} percent).
   *       Merging runs of similar size keeps the write amplification of each byte logarithmic, as
   *       in a tiered LSM; a large old run is left alone until the newer ones catch up.
   *   <li><b>Run count</b>: with more runs than the trigger, force-merge the newest {@code runs -
   *       trigger + 1} (extended by the size-ratio rule), so the read path never merges many more
   *       runs than configured.
   * </ol>
   *
   * The output level is just below the next run that is not picked, so levels stay ordered by age;
   * it is never level 0 (further runs are included until a level ≥ 1 is reached), and picking every
   * run writes to the highest level. Linear in the number of sorted runs.
   */
  @Override
  public Optional<CompactionUnit> pick(LevelFiles files) {
    List<LevelSortedRun> runs = files.sortedRuns();
    int maxLevel = files.maxLevel();
    if (runs.size() < numRunCompactionTrigger) {
      return Optional.empty();
    }
    Optional<CompactionUnit> amplification = pickForSizeAmplification(maxLevel, runs);
    if (amplification.isPresent()) {
      return amplification;
    }
    Optional<CompactionUnit> ratio =
        pickForSizeRatio(maxLevel, runs, 1, CompactionUnit.Reason.SIZE_RATIO);
    if (ratio.isPresent()) {
      return ratio;
    }
    if (runs.size() > numRunCompactionTrigger) {
      int candidates = runs.size() - numRunCompactionTrigger + 1;
      return pickForSizeRatio(maxLevel, runs, candidates, CompactionUnit.Reason.RUN_COUNT);
    }
    return Optional.empty();
  }

  /**
   * Picks every level-0 run, extended by the size-ratio rule, whatever their number (Paimon's
   * {@code forcePickL0}): the fallback of {@link ForceUpLevel0Compaction}. Empty when level 0 is
   * empty.
   */
  public Optional<CompactionUnit> forcePickLevel0(LevelFiles files) {
    List<LevelSortedRun> runs = files.sortedRuns();
    int level0 = 0;
    while (level0 < runs.size() && runs.get(level0).level() == 0) {
      level0++;
    }
    if (level0 == 0) {
      return Optional.empty();
    }
    return pickForSizeRatio(files.maxLevel(), runs, level0, CompactionUnit.Reason.LEVEL_0);
  }

  private Optional<CompactionUnit> pickForSizeAmplification(
      int maxLevel, List<LevelSortedRun> runs) {
    long newer = 0;
    for (int i = 0; i < runs.size() - 1; i++) {
      newer += runs.get(i).totalSize();
    }
    long oldest = runs.get(runs.size() - 1).totalSize();
    if (newer * 100 > (long) maxSizeAmplificationPercent * oldest) {
      return Optional.of(
          new CompactionUnit(maxLevel, runs, CompactionUnit.Reason.SIZE_AMPLIFICATION));
    }
    return Optional.empty();
  }

  // Requires: candidates >= 1 and candidates <= runs.size().
  private Optional<CompactionUnit> pickForSizeRatio(
      int maxLevel, List<LevelSortedRun> runs, int candidates, CompactionUnit.Reason reason) {
    long candidateSize = 0;
    for (int i = 0; i < candidates; i++) {
      candidateSize += runs.get(i).totalSize();
    }
    int count = candidates;
    for (int i = candidates; i < runs.size(); i++) {
      long next = runs.get(i).totalSize();
      if (candidateSize * (100.0 + sizeRatio) / 100.0 < next) {
        break;
      }
      candidateSize += next;
      count++;
    }
    if (count > 1
        || reason == CompactionUnit.Reason.RUN_COUNT
        || reason == CompactionUnit.Reason.LEVEL_0) {
      return Optional.of(unit(runs, maxLevel, count, reason));
    }
    return Optional.empty();
  }

  private static CompactionUnit unit(
      List<LevelSortedRun> runs, int maxLevel, int count, CompactionUnit.Reason reason) {
    int outputLevel = count == runs.size() ? maxLevel : Math.max(0, runs.get(count).level() - 1);
    if (outputLevel == 0) {
      // Never write level 0: take further runs until one lives in a level >= 1, and write there.
      for (int i = count; i < runs.size(); i++) {
        LevelSortedRun next = runs.get(i);
        count++;
        if (next.level() != 0) {
          outputLevel = next.level();
          break;
        }
      }
    }
    if (count == runs.size()) {
      outputLevel = maxLevel;
    }
    return new CompactionUnit(outputLevel, runs.subList(0, count), reason);
  }
}
