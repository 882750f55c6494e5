package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The files per bucket of a table's latest snapshot and the compaction options they are judged by.
 *
 * @param table the table as asked for
 * @param location the table directory
 * @param snapshotId the snapshot read; 0 without snapshots
 * @param primaryKeyTable primary-key tables compact by sorted runs, append tables by small files
 * @param compactionTrigger {@code num-sorted-run.compaction-trigger} (default 5)
 * @param stopTrigger {@code num-sorted-run.stop-trigger} (default trigger + 3): writers stall above
 *     it
 * @param targetFileSize {@code target-file-size} in bytes (default 128 MiB primary key, 256 MiB
 *     append)
 * @param smallFileBytes files below this are small: 70 % of the target, the size under which
 *     Paimon's compaction rewrites a file rather than keeping it
 * @param minSmallFiles {@code compaction.min.file-num} (default 5): small files per bucket worth
 *     compacting
 * @param writeOnly {@code write-only}: writers do not compact; a separate compaction job must
 * @param buckets every bucket with live files
 * @param history when the table was last compacted: for a write-only table, whether the compaction
 *     job it relies on is running at all
 * @param levelZeroHidden readers skip level 0 (primary-key tables with {@code
 *     deletion-vectors.enabled} or {@code merge-engine=first-row}, as Paimon's): rows in level-0
 *     files are not visible until compacted
 */
public record CompactionBacklogSnapshot(
    String table,
    String location,
    long snapshotId,
    boolean primaryKeyTable,
    int compactionTrigger,
    int stopTrigger,
    long targetFileSize,
    long smallFileBytes,
    int minSmallFiles,
    boolean writeOnly,
    List<BucketFiles> buckets,
    CompactionHistory history,
    boolean levelZeroHidden) {

  public CompactionBacklogSnapshot {
    requireNonNull(table, "table");
    requireNonNull(history, "history");
    requireNonNull(location, "location");
    buckets = List.copyOf(buckets);
  }
}
