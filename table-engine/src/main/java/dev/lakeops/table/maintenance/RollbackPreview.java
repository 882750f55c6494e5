package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

/**
 * What a destructive rollback ({@code rollback_to}) would remove, computed without changing
 * anything; {@link Rollback#rollbackTo} computes the same plan when it runs.
 *
 * @param latestSnapshotId the latest snapshot now
 * @param targetSnapshotId the snapshot whose content the table would have
 * @param targetFromTag the snapshot has expired and would be written back from a tag
 * @param removedSnapshotIds snapshots that would be removed, newest first
 * @param removedTags tags of those snapshots, removed with them
 * @param removedChangelogIds long-lived changelogs ({@code changelog/changelog-N}) after the target
 * @param consumersGoingBack consumer ids whose next snapshot lies after the target, with that
 *     snapshot: they would read from {@code targetSnapshotId + 1} again
 * @param files the files only the removed snapshots, tags and changelogs use
 */
public record RollbackPreview(
    long latestSnapshotId,
    long targetSnapshotId,
    boolean targetFromTag,
    List<Long> removedSnapshotIds,
    List<String> removedTags,
    List<Long> removedChangelogIds,
    Map<String, Long> consumersGoingBack,
    FilesPreview files) {

  public RollbackPreview {
    removedSnapshotIds = List.copyOf(removedSnapshotIds);
    removedTags = List.copyOf(removedTags);
    removedChangelogIds = List.copyOf(removedChangelogIds);
    consumersGoingBack =
        java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(consumersGoingBack));
    requireNonNull(files, "files");
  }

  /** Whether the rollback would remove nothing (the target is the latest snapshot). */
  public boolean isEmpty() {
    return removedSnapshotIds.isEmpty()
        && removedTags.isEmpty()
        && removedChangelogIds.isEmpty()
        && files.count() == 0;
  }
}
