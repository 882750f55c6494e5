package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.OptionalLong;

/**
 * What a snapshot expiration would remove, computed without changing anything.
 *
 * @param snapshotIds the snapshots that would expire, ascending
 * @param earliestAfter the earliest snapshot afterwards (empty for a table without snapshots)
 * @param files the files only the expiring snapshots use
 */
public record ExpirePreview(
    List<Long> snapshotIds, OptionalLong earliestAfter, FilesPreview files) {

  public ExpirePreview {
    snapshotIds = List.copyOf(snapshotIds);
    requireNonNull(earliestAfter, "earliestAfter");
    requireNonNull(files, "files");
  }

  public boolean isEmpty() {
    return snapshotIds.isEmpty();
  }
}
