package dev.lakeops.tools.table;

import static java.util.Objects.requireNonNull;

/**
 * What one bucket of a table's latest snapshot holds, from its manifests.
 *
 * @param partition its partition path ({@code dt=2024-01-01}); empty for an unpartitioned table
 * @param bucket the bucket id
 * @param rows rows in its live files (for primary-key tables unmerged: a key updated in two files
 *     counts twice until compacted)
 * @param bytes the size of its live files
 * @param files live data files
 * @param smallFiles files below 70 % of {@code target-file-size}
 * @param level0Files files in level 0
 * @param keys keys in the bucket's hash index (dynamic-bucket tables), or -1 without one
 */
public record BucketLayout(
    String partition,
    int bucket,
    long rows,
    long bytes,
    int files,
    int smallFiles,
    int level0Files,
    long keys) {

  public BucketLayout {
    requireNonNull(partition, "partition");
  }

  /** A bucket of a fixed-bucket table that holds no file. */
  static BucketLayout empty(String partition, int bucket) {
    return new BucketLayout(partition, bucket, 0, 0, 0, 0, 0, -1);
  }

  /** {@code dt=2024-01-01/bucket-0}, or {@code bucket-0} for an unpartitioned table. */
  public String name() {
    return (partition.isEmpty() ? "" : partition + "/") + "bucket-" + bucket;
  }

  /** The partition as {@code key=value[,key=value]}, the form tools take; empty if none. */
  public String partitionSpec() {
    return partition.replace('/', ',');
  }

  String figures() {
    return "rows="
        + rows
        + " bytes="
        + bytes
        + " files="
        + files
        + " small="
        + smallFiles
        + " level0="
        + level0Files
        + (keys >= 0 ? " keys=" + keys : "");
  }
}
