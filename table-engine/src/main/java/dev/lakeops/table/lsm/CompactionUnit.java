package dev.lakeops.table.lsm;

import dev.lakeops.table.meta.DataFileMeta;
import java.util.ArrayList;
import java.util.List;

/**
 * What a compaction merges and where the result goes: the newest {@code runs} of a bucket, written
 * to {@code outputLevel}.
 *
 * @param reason the rule that picked the runs
 */
public record CompactionUnit(int outputLevel, List<LevelSortedRun> runs, Reason reason) {

  /** Why the picker chose to compact. */
  public enum Reason {
    /** Everything newer than the oldest run outweighs it by more than the allowed amplification. */
    SIZE_AMPLIFICATION,
    /** The newest runs are similar in size to the next one. */
    SIZE_RATIO,
    /** Too many sorted runs for the read path. */
    RUN_COUNT,
    /** Level 0 lifted into a level readers see ({@link ForceUpLevel0Compaction}). */
    LEVEL_0,
    /** Asked for: everything into the highest level. */
    FULL
  }

  public CompactionUnit {
    runs = List.copyOf(runs);
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("Invalid compaction unit: no runs");
    }
    if (outputLevel < 1) {
      throw new IllegalArgumentException(
          "Invalid compaction output level: " + outputLevel + " (must be >= 1)");
    }
  }

  public List<DataFileMeta> files() {
    List<DataFileMeta> files = new ArrayList<>();
    for (LevelSortedRun run : runs) {
      files.addAll(run.run().files());
    }
    return files;
  }
}
