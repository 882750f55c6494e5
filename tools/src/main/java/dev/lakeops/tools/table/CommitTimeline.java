package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The commit timeline of a table: its newest snapshots, ascending.
 *
 * @param table the table as asked for (directory or database.table)
 * @param location the table directory read
 * @param earliestSnapshotId the earliest snapshot still present; 0 without snapshots
 * @param latestSnapshotId the latest snapshot; 0 without snapshots
 * @param commits the newest snapshots, at most the limit asked for, ascending
 */
public record CommitTimeline(
    String table,
    String location,
    long earliestSnapshotId,
    long latestSnapshotId,
    List<CommitRecord> commits) {

  public CommitTimeline {
    requireNonNull(table, "table");
    requireNonNull(location, "location");
    commits = List.copyOf(commits);
  }

  /** Whether older snapshots exist that the timeline leaves out. */
  public boolean truncated() {
    return !commits.isEmpty() && commits.get(0).snapshotId() > earliestSnapshotId;
  }
}
