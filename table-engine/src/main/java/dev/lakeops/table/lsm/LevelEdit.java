package dev.lakeops.table.lsm;

import dev.lakeops.table.meta.DataFileMeta;
import java.util.List;

/**
 * Files removed from and added to the levels of one bucket (LevelDB's {@code VersionEdit}): a flush
 * adds level-0 files; a compaction removes its inputs and adds its outputs, possibly the same file
 * at a higher level (an upgrade). Each file carries its level.
 */
public record LevelEdit(List<DataFileMeta> deleted, List<DataFileMeta> added) {

  public LevelEdit {
    deleted = List.copyOf(deleted);
    added = List.copyOf(added);
  }

  public static LevelEdit adding(List<DataFileMeta> files) {
    return new LevelEdit(List.of(), files);
  }

  public boolean isEmpty() {
    return deleted.isEmpty() && added.isEmpty();
  }
}
