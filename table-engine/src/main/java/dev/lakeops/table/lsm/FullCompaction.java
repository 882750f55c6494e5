package dev.lakeops.table.lsm;

import java.util.List;
import java.util.Optional;

/**
 * Picks every sorted run of a bucket for a merge into the highest level (source: Paimon {@code
 * CompactStrategy.pickFullCompaction}): what {@code compact} with full compaction and the {@code
 * $ro} read-optimized view rely on. A bucket that already is one run in the highest level is left
 * alone.
 */
public final class FullCompaction implements CompactionPicker {

  public static final FullCompaction INSTANCE = new FullCompaction();

  private FullCompaction() {}

  @Override
  public Optional<CompactionUnit> pick(LevelFiles files) {
    List<LevelSortedRun> runs = files.sortedRuns();
    if (runs.isEmpty()) {
      return Optional.empty();
    }
    if (runs.size() == 1 && runs.get(0).level() == files.maxLevel()) {
      return Optional.empty();
    }
    return Optional.of(new CompactionUnit(files.maxLevel(), runs, CompactionUnit.Reason.FULL));
  }
}
