package dev.lakeops.tools.table;

/**
 * When a table was last compacted, from the kinds of its newest snapshots: a COMPACT snapshot is
 * what any compaction (a writer's own or a dedicated compaction job's) commits.
 *
 * @param latestCommitMillis commit time of the latest snapshot; -1 without snapshots
 * @param lastCompactionSnapshotId the newest COMPACT snapshot among those scanned; 0 when none
 * @param lastCompactionMillis its commit time; -1 when none
 * @param snapshotsScanned how many snapshots, newest first, were looked at
 */
public record CompactionHistory(
    long latestCommitMillis,
    long lastCompactionSnapshotId,
    long lastCompactionMillis,
    int snapshotsScanned) {

  /** No snapshot to look at. */
  public static CompactionHistory none() {
    return new CompactionHistory(-1, 0, -1, 0);
  }

  /** True when a COMPACT snapshot was found among those scanned. */
  public boolean compacted() {
    return lastCompactionSnapshotId > 0;
  }
}
