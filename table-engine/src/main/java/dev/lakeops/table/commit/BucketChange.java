package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.IndexFileMeta;
import java.util.List;

/**
 * What a writer changed in one (partition, bucket) since its last commit: the shape of Paimon's
 * {@code CommitMessage}, whose new-files increment goes into an APPEND snapshot and whose
 * compaction increment into a COMPACT snapshot.
 *
 * <p>The new-files increment: new files, the changelog written with them ({@code
 * changelog-producer=input}) and index files the write changed (the hash index of a dynamic-bucket
 * table). The compaction increment: the files a compaction replaced (deleted at their levels) and
 * wrote, the changelog it produced ({@code lookup}, {@code full-compaction}) and the index files it
 * changed (deletion vectors).
 *
 * @param partition the partition as BinaryRow bytes (empty for an unpartitioned table)
 * @param bucket the bucket; {@code 0} for bucket-unaware append tables
 * @param totalBuckets the table's bucket count when written; {@code -1} for bucket-unaware and
 *     dynamic-bucket tables
 * @param newFiles level-0 (or append) files written since the last commit
 * @param compactBefore files a compaction replaced
 * @param compactAfter files a compaction wrote
 * @param changelogFiles changelog files written with the new files; committed with the APPEND
 *     snapshot, or with the COMPACT one when there are no new files
 * @param compactChangelogFiles changelog files a compaction produced; committed with the COMPACT
 *     snapshot
 * @param newIndexFiles index files the write added and replaced; with the APPEND snapshot
 * @param compactIndexFiles index files the compaction added and replaced; with the COMPACT snapshot
 */
public record BucketChange(
    BinaryRow partition,
    int bucket,
    int totalBuckets,
    List<DataFileMeta> newFiles,
    List<DataFileMeta> compactBefore,
    List<DataFileMeta> compactAfter,
    List<DataFileMeta> changelogFiles,
    List<DataFileMeta> compactChangelogFiles,
    IndexChanges newIndexFiles,
    IndexChanges compactIndexFiles) {

  /**
   * Index files added and deleted in one (partition, bucket). The snapshot's index manifest keeps
   * one file per (partition, bucket, index type): an added file replaces the previous one of its
   * type (Paimon's {@code IndexManifestFileHandler}).
   */
  public record IndexChanges(List<IndexFileMeta> added, List<IndexFileMeta> deleted) {

    public static final IndexChanges NONE = new IndexChanges(List.of(), List.of());

    public IndexChanges {
      added = List.copyOf(added);
      deleted = List.copyOf(deleted);
    }

    public boolean isEmpty() {
      return added.isEmpty() && deleted.isEmpty();
    }
  }

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
    requireNonNull(newIndexFiles, "newIndexFiles");
    requireNonNull(compactIndexFiles, "compactIndexFiles");
  }

  /** Data files and changelog only, no compaction changelog and no index files. */
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
        List.of(),
        IndexChanges.NONE,
        IndexChanges.NONE);
  }

  /** Only new files: the common case of a write without compaction. */
  public static BucketChange appended(
      BinaryRow partition, int bucket, int totalBuckets, List<DataFileMeta> newFiles) {
    return new BucketChange(
        partition, bucket, totalBuckets, newFiles, List.of(), List.of(), List.of());
  }

  /** The same change with {@code value} as the compaction's changelog. */
  public BucketChange withCompactChangelog(List<DataFileMeta> value) {
    return new BucketChange(
        partition,
        bucket,
        totalBuckets,
        newFiles,
        compactBefore,
        compactAfter,
        changelogFiles,
        value,
        newIndexFiles,
        compactIndexFiles);
  }

  /** The same change with {@code value} as the index files of the new-files increment. */
  public BucketChange withNewIndexFiles(IndexChanges value) {
    return new BucketChange(
        partition,
        bucket,
        totalBuckets,
        newFiles,
        compactBefore,
        compactAfter,
        changelogFiles,
        compactChangelogFiles,
        value,
        compactIndexFiles);
  }

  /** The same change with {@code value} as the index files of the compaction increment. */
  public BucketChange withCompactIndexFiles(IndexChanges value) {
    return new BucketChange(
        partition,
        bucket,
        totalBuckets,
        newFiles,
        compactBefore,
        compactAfter,
        changelogFiles,
        compactChangelogFiles,
        newIndexFiles,
        value);
  }

  public boolean isEmpty() {
    return newFiles.isEmpty()
        && compactBefore.isEmpty()
        && compactAfter.isEmpty()
        && changelogFiles.isEmpty()
        && compactChangelogFiles.isEmpty()
        && newIndexFiles.isEmpty()
        && compactIndexFiles.isEmpty();
  }

  /** Whether the compaction increment holds anything (files, changelog or index files). */
  public boolean hasCompaction() {
    return !compactBefore.isEmpty()
        || !compactAfter.isEmpty()
        || !compactChangelogFiles.isEmpty()
        || !compactIndexFiles.isEmpty();
  }
}
