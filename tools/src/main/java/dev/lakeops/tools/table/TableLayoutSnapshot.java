package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Rows, bytes and files per partition and bucket of a table's latest snapshot, the options they are
 * judged by, and the keys sampled from the biggest bucket.
 *
 * @param table the table as asked for
 * @param location the table directory
 * @param snapshotId the snapshot read; 0 without snapshots
 * @param partitionFilter the partition asked for ({@code key=value[,key=value]}); empty for all
 * @param primaryKeyTable whether the table has a primary key
 * @param bucketMode {@code fixed} ({@code bucket} &gt; 0), {@code dynamic} (primary key, {@code
 *     bucket=-1}), {@code unaware} (append, {@code bucket=-1}) or {@code postpone} ({@code
 *     bucket=-2})
 * @param numBuckets option {@code bucket}
 * @param bucketKeys the columns rows are hashed on (option {@code bucket-key}, else the primary key
 *     without partition keys); empty for unaware tables
 * @param primaryKeys the primary key without partition keys; empty for append tables
 * @param partitionKeys the partition keys
 * @param targetFileSize {@code target-file-size} in bytes (default 128 MiB primary key, 256 MiB
 *     append)
 * @param smallFileBytes 70 % of the target: files below are small
 * @param minSmallFiles {@code compaction.min.file-num}: small files per bucket worth a finding
 * @param compactionTrigger {@code num-sorted-run.compaction-trigger}
 * @param stopTrigger {@code num-sorted-run.stop-trigger}: writers stall above it
 * @param writeOnly {@code write-only}: writers do not compact
 * @param dynamicTargetRowNum {@code dynamic-bucket.target-row-num} for dynamic-bucket tables, else
 *     0
 * @param buckets every bucket of the partitions with files (the empty buckets of fixed-bucket
 *     tables too), by name
 * @param sample the keys of the biggest bucket
 */
public record TableLayoutSnapshot(
    String table,
    String location,
    long snapshotId,
    String partitionFilter,
    boolean primaryKeyTable,
    String bucketMode,
    int numBuckets,
    List<String> bucketKeys,
    List<String> primaryKeys,
    List<String> partitionKeys,
    long targetFileSize,
    long smallFileBytes,
    int minSmallFiles,
    int compactionTrigger,
    int stopTrigger,
    boolean writeOnly,
    long dynamicTargetRowNum,
    List<BucketLayout> buckets,
    KeySample sample) {

  public TableLayoutSnapshot {
    requireNonNull(table, "table");
    requireNonNull(location, "location");
    requireNonNull(partitionFilter, "partitionFilter");
    requireNonNull(bucketMode, "bucketMode");
    requireNonNull(sample, "sample");
    bucketKeys = List.copyOf(bucketKeys);
    primaryKeys = List.copyOf(primaryKeys);
    partitionKeys = List.copyOf(partitionKeys);
    buckets = List.copyOf(buckets);
  }
}
