package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One record of an index manifest: an index file of a (partition, bucket) (source: Paimon {@code
 * IndexManifestEntry}, {@code IndexFileMeta}; {@code paimon-format.md} §9.1).
 *
 * @param indexType {@code HASH} (dynamic bucket) or {@code DELETION_VECTORS}
 * @param rowCount HASH: number of hashes; DELETION_VECTORS: number of data files with a vector
 * @param deletionVectorRanges per data file slice of a deletion-vector file, in file order; null
 *     for HASH
 */
public record IndexManifestEntry(
    FileKind kind,
    BinaryRow partition,
    int bucket,
    String indexType,
    String fileName,
    long fileSize,
    long rowCount,
    @Nullable List<DeletionVectorRange> deletionVectorRanges,
    @Nullable String externalPath) {

  public static final String HASH = "HASH";
  public static final String DELETION_VECTORS = "DELETION_VECTORS";

  public IndexManifestEntry {
    requireNonNull(kind, "kind");
    requireNonNull(partition, "partition");
    requireNonNull(indexType, "indexType");
    requireNonNull(fileName, "fileName");
    deletionVectorRanges = deletionVectorRanges == null ? null : List.copyOf(deletionVectorRanges);
  }

  /** The entry of {@code file} in {@code (partition, bucket)}. */
  public static IndexManifestEntry of(
      FileKind kind, BinaryRow partition, int bucket, IndexFileMeta file) {
    return new IndexManifestEntry(
        kind,
        partition,
        bucket,
        file.indexType(),
        file.fileName(),
        file.fileSize(),
        file.rowCount(),
        file.deletionVectorRanges(),
        file.externalPath());
  }

  /** The file this entry names. */
  public IndexFileMeta indexFile() {
    return new IndexFileMeta(
        indexType, fileName, fileSize, rowCount, deletionVectorRanges, externalPath);
  }

  /** The same entry with another kind. */
  public IndexManifestEntry withKind(FileKind newKind) {
    return new IndexManifestEntry(
        newKind,
        partition,
        bucket,
        indexType,
        fileName,
        fileSize,
        rowCount,
        deletionVectorRanges,
        externalPath);
  }
}
