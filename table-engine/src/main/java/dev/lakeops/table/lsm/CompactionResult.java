package dev.lakeops.table.lsm;

import dev.lakeops.table.meta.DataFileMeta;
import java.util.List;

/**
 * The outcome of one compaction: the files it replaced and the files that replace them (upgraded
 * files appear in both, at their old and new levels).
 */
public record CompactionResult(List<DataFileMeta> before, List<DataFileMeta> after) {

  public CompactionResult {
    before = List.copyOf(before);
    after = List.copyOf(after);
  }

  public LevelEdit edit() {
    return new LevelEdit(before, after);
  }

  public boolean isEmpty() {
    return before.isEmpty() && after.isEmpty();
  }
}
