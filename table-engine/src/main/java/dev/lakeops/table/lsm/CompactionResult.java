package dev.lakeops.table.lsm;

import dev.lakeops.table.meta.DataFileMeta;
import java.util.List;

/**
 * The outcome of one compaction: the files it replaced and the files that replace them (upgraded
 * files appear in both, at their old and new levels), and the changelog files it produced (with
 * {@code changelog-producer=full-compaction}; empty otherwise).
 */
public record CompactionResult(
    List<DataFileMeta> before, List<DataFileMeta> after, List<DataFileMeta> changelog) {

  public CompactionResult {
    before = List.copyOf(before);
    after = List.copyOf(after);
    changelog = List.copyOf(changelog);
  }

  /** A compaction that produced no changelog. */
  public CompactionResult(List<DataFileMeta> before, List<DataFileMeta> after) {
    this(before, after, List.of());
  }

  public LevelEdit edit() {
    return new LevelEdit(before, after);
  }

  public boolean isEmpty() {
    return before.isEmpty() && after.isEmpty();
  }
}
