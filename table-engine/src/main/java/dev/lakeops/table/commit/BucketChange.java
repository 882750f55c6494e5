package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.List;

/**
 * What a writer changed in one (partition, bucket) since its last commit: the shape of Paimon's
 * {@code CommitMessage}. New files go into an APPEND snapshot; a compaction's before/after into a
 * COMPACT snapshot (the before files are deleted, at their levels).
 *
 * @param partition the partition as BinaryRow bytes (empty for an unpartitioned table)
 * @param bucket the bucket; {@code 0} for bucket-unaware append tables
 * @param totalBuckets the table's bucket count when written; {@code -1} for bucket-unaware tables
 * @param newFiles level-0 (or append) files written since the last commit
 * @param compactBefore files a compaction replaced
 * @param compactAfter files a compaction wrote
 * @param changelogFiles changelog files written with the new files since the last commit (they go
 *     into the APPEND snapshot, e.g. {@code changelog-producer=input})
 * @param compactChangelogFiles changelog files a compaction produced (they go into the COMPACT
 *     snapshot, e.g. {@code changelog-producer=full-compaction}), as Paimon's {@code
 *     CompactIncrement.changelogFiles}
 */
public record BucketChange(
    BinaryRow partition,
    int bucket,
    int totalBuckets,
    List<DataFileMeta> newFiles,
    List<DataFileMeta> compactBefore,
    List<DataFileMeta> compactAfter,
    List<DataFileMeta> changelogFiles,
    List<DataFileMeta> compactChangelogFiles) {

  public BucketChange {
    requireNonNull(partition, "partition");
    if (bucket < 0) {
      throw new IllegalArgumentException("Invalid bucket: " + bucket);
    }
    newFiles = List.copyOf(newFiles);
    compactBefore = List.copyOf(compactBefore);
    compactAfter = List.copyOf(compactAfter);
    changelogFiles = List.copyOf(changelogFiles);
    compactChangelogFiles = List.copyOf(compactChangelogFiles);
  }

  /** A change whose only changelog files came with its new files. */
  public BucketChange(
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> newFiles,
      List<DataFileMeta> compactBefore,
      List<DataFileMeta> compactAfter,
      List<DataFileMeta> changelogFiles) {
    this(
        partition,
        bucket,
        totalBuckets,
        newFiles,
        compactBefore,
        compactAfter,
        changelogFiles,
        List.of());
  }

  /** Only new files: the common case of a write without compaction. */
  public static BucketChange appended(
      BinaryRow partition, int bucket, int totalBuckets, List<DataFileMeta> newFiles) {
    return new BucketChange(
        partition, bucket, totalBuckets, newFiles, List.of(), List.of(), List.of());
  }

  public boolean isEmpty() {
    return newFiles.isEmpty()
        && compactBefore.isEmpty()
        && compactAfter.isEmpty()
        && changelogFiles.isEmpty()
        && compactChangelogFiles.isEmpty();
  }

  public boolean hasCompaction() {
    return !compactBefore.isEmpty() || !compactAfter.isEmpty();
  }
}
