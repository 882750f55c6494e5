package dev.lakeops.tools.table;

/**
 * The thresholds the layout analyzer judges by.
 *
 * @param skewRatio a partition's buckets are skewed when the biggest holds at least this many times
 *     the median bucket's rows
 * @param minSkewRows partitions with fewer rows are not judged for skew: a few rows in few buckets
 *     are uneven by chance
 * @param hotKeyShare a bucket-key value holding at least this share of the sampled rows is a hot
 *     key
 * @param sampleRows rows read from the biggest bucket to count its keys
 * @param targetBucketBytes the bucket size advice aims at (Paimon's documentation recommends 200 MB
 *     to 1 GB of data per bucket)
 * @param maxPartitionBytes a partition this large makes every scan of it slow
 * @param maxPartitionFiles a partition with this many files makes scan planning slow
 */
public record TableLayoutRules(
    double skewRatio,
    long minSkewRows,
    double hotKeyShare,
    int sampleRows,
    long targetBucketBytes,
    long maxPartitionBytes,
    int maxPartitionFiles) {

  public TableLayoutRules {
    if (!(skewRatio > 1)) {
      throw new IllegalArgumentException("Invalid skewRatio: " + skewRatio + " (must be above 1)");
    }
    if (minSkewRows < 1) {
      throw new IllegalArgumentException(
          "Invalid minSkewRows: " + minSkewRows + " (must be at least 1)");
    }
    if (!(hotKeyShare > 0 && hotKeyShare <= 1)) {
      throw new IllegalArgumentException(
          "Invalid hotKeyShare: " + hotKeyShare + " (must be in (0, 1])");
    }
    if (sampleRows < 1) {
      throw new IllegalArgumentException(
          "Invalid sampleRows: " + sampleRows + " (must be at least 1)");
    }
    if (targetBucketBytes < 1 || maxPartitionBytes < 1 || maxPartitionFiles < 1) {
      throw new IllegalArgumentException(
          "Invalid size limits: targetBucketBytes="
              + targetBucketBytes
              + " maxPartitionBytes="
              + maxPartitionBytes
              + " maxPartitionFiles="
              + maxPartitionFiles
              + " (must be at least 1)");
    }
  }

  /**
   * Skew at 2 x the median from 1,000 rows on, hot key at 20 % of 100,000 sampled rows, buckets of
   * 1 GiB, partitions of at most 64 GiB or 5,000 files.
   */
  public static TableLayoutRules defaults() {
    return new TableLayoutRules(2.0, 1_000, 0.2, 100_000, 1L << 30, 64L << 30, 5_000);
  }
}
