package dev.lakeops.table.write;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.store.TableStore;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Compacts the buckets of some partitions of a table and commits the result as one COMPACT
 * snapshot.
 */
public final class TableCompaction {

  private final TableStore table;

  public TableCompaction(TableStore table) {
    this.table = table;
  }

  /**
   * @throws UnsupportedOperationException the table has no primary key (append compaction is not
   *     supported yet)
   */
  public CompactionReport run(String commitUser, PartitionFilter partitions, CompactionMode mode) {
    if (!table.hasPrimaryKey()) {
      throw new UnsupportedOperationException(
          "Compaction of append table " + table.name() + " is not supported yet");
    }
    Optional<Snapshot> latest = table.latestSnapshot();
    if (latest.isEmpty()) {
      return new CompactionReport(0, 0, 0, null);
    }
    // every live file counts, level 0 included: a read plan of a deletion-vector table leaves
    // level 0 out, but compaction is what makes it visible
    Set<Map.Entry<BinaryRow, Integer>> buckets = new LinkedHashSet<>();
    for (ManifestEntry e : table.snapshotFiles().liveFiles(latest.get()).files()) {
      if (partitions.matches(e.partition())) {
        buckets.add(Map.entry(e.partition(), e.bucket()));
      }
    }
    try (TableWrite write = new TableWrite(table, commitUser)) {
      for (Map.Entry<BinaryRow, Integer> bucket : buckets) {
        if (mode == CompactionMode.FULL) {
          write.fullCompact(bucket.getKey(), bucket.getValue());
        } else {
          write.compact(bucket.getKey(), bucket.getValue());
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
      return new CompactionReport(
          changes.changes().size(), before, after, result.lastSnapshot().orElse(null));
    }
  }
}
