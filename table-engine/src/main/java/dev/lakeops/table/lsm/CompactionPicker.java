package dev.lakeops.table.lsm;

import java.util.Optional;

/**
 * Chooses which sorted runs of one bucket to merge next. Implementations are pure functions of the
 * tree, except {@link ForceUpLevel0Compaction} in {@code lookup-compact=gentle} mode, which counts
 * its calls.
 */
public interface CompactionPicker {

  /** The runs to compact now, or empty when the tree is fine as it is. */
  Optional<CompactionUnit> pick(LevelFiles files);
}
