package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

/**
 * The live data files of one bucket.
 *
 * @param partition its partition path ({@code dt=2024-01-01}); empty for an unpartitioned table
 * @param bucket the bucket id; {@link #POSTPONE} for the files of a postpone-bucket table that no
 *     compaction has assigned a bucket yet
 * @param files live data files
 * @param level0Files files in level 0 (not yet compacted; every append-table file)
 * @param sortedRuns level-0 files plus non-empty levels above 0 (Paimon's count of sorted runs)
 * @param smallFiles files below the small-file threshold
 * @param bytes their total size
 * @param maxLevel the highest level holding a file
 */
public record BucketFiles(
    String partition,
    int bucket,
    int files,
    int level0Files,
    int sortedRuns,
    int smallFiles,
    long bytes,
    int maxLevel) {

  /** Paimon's bucket id of {@code bucket-postpone} ({@code bucket=-2} tables). */
  public static final int POSTPONE = -2;

  public BucketFiles {
    requireNonNull(partition, "partition");
  }

  /**
   * {@code dt=2024-01-01/bucket-0}, or {@code bucket-0} for an unpartitioned table; {@code
   * bucket-postpone} for {@link #POSTPONE}, as the directory is named.
   */
  public String name() {
    return (partition.isEmpty() ? "" : partition + "/")
        + "bucket-"
        + (bucket == POSTPONE ? "postpone" : Integer.toString(bucket));
  }

  public boolean postponed() {
    return bucket == POSTPONE;
  }
}
