package dev.lakeops.table.write;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.read.ScanPlan;

/** Compacts the buckets of some partitions of a table and commits the result as one COMPACT snapshot. */
public final class TableCompaction {

  private final Table table;

  public TableCompaction(Table table) {
    this.table = table;
  }

  /**
   * @throws UnsupportedOperationException the table has no primary key (append compaction is not supported yet)
   */
  public CompactionReport run(String commitUser, PartitionFilter partitions, CompactionMode mode) {
    if (!table.hasPrimaryKey()) {
      throw new UnsupportedOperationException("Compaction of append table " + table.name() + " is not supported yet");
    }
    ScanPlan plan = table.newScan().withPartitionFilter(partitions).plan();
    if (plan.snapshot() == null) {
      return new CompactionReport(0, 0, 0, null);
    }
    try (TableWrite write = table.newWrite(commitUser)) {
      for (DataSplit split : plan.splits()) {
        if (mode == CompactionMode.FULL) {
          write.fullCompact(split.partition(), split.bucket());
        } else {
          write.compact(split.partition(), split.bucket());
        }
      }
      ChangeSet changes = write.prepareCommit(Snapshot.BATCH_COMMIT_IDENTIFIER);
      if (changes.isEmpty()) {
        return new CompactionReport(0, 0, 0, null);
      }
      CommitResult result = table.newCommit().commit(changes);
      int before = 0;
      int after = 0;
      for (BucketChange c : changes.changes()) {
        before += c.compactBefore().size();
        after += c.compactAfter().size();
      }
      return new CompactionReport(changes.changes().size(), before, after, result.lastSnapshot().orElse(null));
    }
  }
}
