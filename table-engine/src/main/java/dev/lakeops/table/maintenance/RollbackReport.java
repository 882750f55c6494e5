package dev.lakeops.table.maintenance;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a rollback did.
 *
 * @param previousLatestId the latest snapshot before the rollback
 * @param targetSnapshotId the snapshot whose content the table has now
 * @param removedSnapshotIds snapshots removed, newest first (empty for a rollback as latest)
 * @param removedTags tags of removed snapshots, deleted with them
 * @param newSnapshotId the snapshot a rollback as latest committed; null for a destructive rollback
 * @param deletedFiles files only the removed snapshots and tags used
 */
public record RollbackReport(
    long previousLatestId,
    long targetSnapshotId,
    List<Long> removedSnapshotIds,
    List<String> removedTags,
    @Nullable Long newSnapshotId,
    DeletedFiles deletedFiles) {

  public RollbackReport {
    removedSnapshotIds = List.copyOf(removedSnapshotIds);
    removedTags = List.copyOf(removedTags);
  }
}
