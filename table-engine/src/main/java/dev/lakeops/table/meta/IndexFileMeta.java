package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One index file of a (partition, bucket), as a writer hands it to the commit (Paimon's {@code
 * IndexFileMeta}; {@code paimon-format.md} §9): the part of an {@link IndexManifestEntry} that does
 * not say where it belongs or whether it is added or deleted.
 *
 * @param indexType {@link IndexManifestEntry#HASH} or {@link IndexManifestEntry#DELETION_VECTORS}
 * @param fileName the file's name in the table's {@code index/} directory
 * @param rowCount HASH: number of hashes; DELETION_VECTORS: number of data files with a vector
 * @param deletionVectorRanges per data file slice of a deletion-vector file; null for HASH
 */
public record IndexFileMeta(
    String indexType,
    String fileName,
    long fileSize,
    long rowCount,
    @Nullable List<DeletionVectorRange> deletionVectorRanges,
    @Nullable String externalPath) {

  public IndexFileMeta {
    requireNonNull(indexType, "indexType");
    requireNonNull(fileName, "fileName");
    if (fileSize < 0 || rowCount < 0) {
      throw new IllegalArgumentException(
          "Invalid index file " + fileName + ": size " + fileSize + ", row count " + rowCount);
    }
    deletionVectorRanges = deletionVectorRanges == null ? null : List.copyOf(deletionVectorRanges);
  }

  /** A hash index file (dynamic bucket mode) of {@code rowCount} hashes. */
  public static IndexFileMeta hash(String fileName, long fileSize, long rowCount) {
    return new IndexFileMeta(IndexManifestEntry.HASH, fileName, fileSize, rowCount, null, null);
  }

  /** A deletion-vector index file holding the vectors of {@code ranges}' data files. */
  public static IndexFileMeta deletionVectors(
      String fileName, long fileSize, List<DeletionVectorRange> ranges) {
    return new IndexFileMeta(
        IndexManifestEntry.DELETION_VECTORS, fileName, fileSize, ranges.size(), ranges, null);
  }
}
