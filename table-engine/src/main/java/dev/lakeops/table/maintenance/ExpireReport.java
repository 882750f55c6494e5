package dev.lakeops.table.maintenance;

import java.util.List;
import java.util.OptionalLong;

/**
 * What an expiration did.
 *
 * @param expiredSnapshotIds removed snapshots, ascending
 * @param earliestSnapshotId the earliest snapshot afterwards (empty for a table without snapshots)
 * @param deletedFiles data, changelog, index and manifest files only the expired snapshots used
 */
public record ExpireReport(
    List<Long> expiredSnapshotIds, OptionalLong earliestSnapshotId, DeletedFiles deletedFiles) {

  public ExpireReport {
    expiredSnapshotIds = List.copyOf(expiredSnapshotIds);
  }
}
