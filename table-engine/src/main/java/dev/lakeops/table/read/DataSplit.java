package dev.lakeops.table.read;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.List;

/**
 * The files of one (partition, bucket) to read together: a unit of parallel work.
 *
 * @param snapshotId the snapshot planned from (for an incremental plan, its end)
 * @param totalBuckets the bucket count the files were written with; -1 for bucket-unaware tables
 */
public record DataSplit(long snapshotId, BinaryRow partition, int bucket, int totalBuckets,
                        List<DataFileMeta> files, ReadMode mode) {

  public DataSplit {
    requireNonNull(partition, "partition");
    requireNonNull(mode, "mode");
    files = List.copyOf(files);
  }

  /** Rows in the files, retractions and superseded versions included. */
  public long rowCount() {
    return files.stream().mapToLong(DataFileMeta::rowCount).sum();
  }

  public long fileSize() {
    return files.stream().mapToLong(DataFileMeta::fileSize).sum();
  }
}
