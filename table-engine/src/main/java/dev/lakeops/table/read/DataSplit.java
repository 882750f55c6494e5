package dev.lakeops.table.read;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.deletion.DeletionFile;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The files of one (partition, bucket) to read together: a unit of parallel work.
 *
 * @param snapshotId the snapshot planned from (for an incremental plan, its end)
 * @param totalBuckets the bucket count the files were written with; -1 for bucket-unaware tables
 * @param deletionFiles by data file name, where the deletion vector of a file in {@code files} is
 *     stored; files without an entry have no deleted rows
 */
public record DataSplit(
    long snapshotId,
    BinaryRow partition,
    int bucket,
    int totalBuckets,
    List<DataFileMeta> files,
    ReadMode mode,
    Map<String, DeletionFile> deletionFiles) {

  public DataSplit {
    requireNonNull(partition, "partition");
    requireNonNull(mode, "mode");
    files = List.copyOf(files);
    deletionFiles = Map.copyOf(deletionFiles);
  }

  /** A split whose files have no deletion vectors. */
  public DataSplit(
      long snapshotId,
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> files,
      ReadMode mode) {
    this(snapshotId, partition, bucket, totalBuckets, files, mode, Map.of());
  }

  /**
   * Where the deletion vector of {@code file} is stored; empty when none of its rows is deleted.
   */
  public Optional<DeletionFile> findDeletionFile(DataFileMeta file) {
    return Optional.ofNullable(deletionFiles.get(file.fileName()));
  }

  /** Rows of the files that deletion vectors mark deleted, as the index manifest counts them. */
  public long deletedRowCount() {
    long count = 0;
    for (DeletionFile d : deletionFiles.values()) {
      count += d.range().cardinality() == null ? 0 : d.range().cardinality();
    }
    return count;
  }

  /** Rows in the files, retractions and superseded versions included. */
  public long rowCount() {
    return files.stream().mapToLong(DataFileMeta::rowCount).sum();
  }

  public long fileSize() {
    return files.stream().mapToLong(DataFileMeta::fileSize).sum();
  }
}
