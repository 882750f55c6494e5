package dev.lakeops.table.maintenance;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * What an expiration would do: the snapshots it removes and the files only they use. A preview for
 * approval; {@link SnapshotExpiration#expire} recomputes it when it runs.
 *
 * @param snapshotIds the snapshots to expire, ascending; empty when nothing expires
 * @param earliestAfter the earliest snapshot afterwards (empty for a table without snapshots)
 * @param files the files to delete, absolute
 */
public record ExpirePlan(List<Long> snapshotIds, OptionalLong earliestAfter, List<Path> files) {

  public ExpirePlan {
    snapshotIds = List.copyOf(snapshotIds);
    files = List.copyOf(files);
  }

  public boolean isEmpty() {
    return snapshotIds.isEmpty();
  }
}
