package dev.lakeops.table.lsm;

import dev.lakeops.table.meta.DataFileMeta;
import java.util.List;

/**
 * Files whose key ranges do not overlap, ordered by key: a level-0 file on its own, or all files of
 * one level ≥ 1. A reader concatenates the files of a run; a merge needs one cursor per run.
 */
public record SortedRun(List<DataFileMeta> files) {

  public SortedRun {
    files = List.copyOf(files);
  }

  public static SortedRun of(DataFileMeta file) {
    return new SortedRun(List.of(file));
  }

  /** Bytes of all files: the size the universal picker compares. */
  public long totalSize() {
    long size = 0;
    for (DataFileMeta f : files) {
      size += f.fileSize();
    }
    return size;
  }

  public boolean isEmpty() {
    return files.isEmpty();
  }

  /**
   * Whether the files are ordered by key with no two ranges overlapping.
   *
   * <p>Requires: {@code order} is the order of the files' keys.
   */
  public boolean isOrderedAndDisjoint(KeyOrder order) {
    for (int i = 1; i < files.size(); i++) {
      if (order.compare(files.get(i - 1).maxKey(), files.get(i).minKey()) >= 0) {
        return false;
      }
    }
    return true;
  }
}
