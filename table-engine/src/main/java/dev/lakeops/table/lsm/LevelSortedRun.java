package dev.lakeops.table.lsm;

import static java.util.Objects.requireNonNull;

/** A sorted run and the level it lives in. */
public record LevelSortedRun(int level, SortedRun run) {

  public LevelSortedRun {
    requireNonNull(run, "run");
    if (level < 0) {
      throw new IllegalArgumentException("Invalid level: " + level);
    }
  }

  public long totalSize() {
    return run.totalSize();
  }
}
