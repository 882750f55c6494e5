package dev.lakeops.table.lsm;

import java.util.Optional;

/**
 * Chooses which sorted runs of one bucket to merge next. Implementations are pure functions of the
 * tree.
 */
public interface CompactionPicker {

  /** The runs to compact now, or empty when the tree is fine as it is. */
  Optional<CompactionUnit> pick(LevelFiles files);
}
