package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * One record of a manifest list: a manifest file and a summary of its entries (source: Paimon
 * {@code ManifestFileMeta}; {@code paimon-format.md} §7.1).
 *
 * @param partitionStats column-wise min/max/null counts of the entries' partitions
 * @param schemaId the largest schema id of the entries' files
 * @param minBucket null in files of old writers; likewise the other ranges
 * @param minRowId row-tracking range, written by Paimon 1.4+ only; null otherwise
 */
public record ManifestFileMeta(
    String fileName,
    long fileSize,
    long numAddedFiles,
    long numDeletedFiles,
    SimpleStats partitionStats,
    long schemaId,
    @Nullable Integer minBucket,
    @Nullable Integer maxBucket,
    @Nullable Integer minLevel,
    @Nullable Integer maxLevel,
    @Nullable Long minRowId,
    @Nullable Long maxRowId) {

  public ManifestFileMeta {
    requireNonNull(fileName, "fileName");
    requireNonNull(partitionStats, "partitionStats");
    if (fileName.isEmpty() || fileName.contains("/")) {
      throw new IllegalArgumentException("Invalid manifest file name: '" + fileName + "'");
    }
    if (fileSize < 0 || numAddedFiles < 0 || numDeletedFiles < 0) {
      throw new IllegalArgumentException(
          "Invalid manifest meta of "
              + fileName
              + ": size "
              + fileSize
              + ", added "
              + numAddedFiles
              + ", deleted "
              + numDeletedFiles
              + " (must be >= 0)");
    }
  }

  /** The Paimon 1.3 form, without row-id range. */
  public ManifestFileMeta(
      String fileName,
      long fileSize,
      long numAddedFiles,
      long numDeletedFiles,
      SimpleStats partitionStats,
      long schemaId,
      @Nullable Integer minBucket,
      @Nullable Integer maxBucket,
      @Nullable Integer minLevel,
      @Nullable Integer maxLevel) {
    this(
        fileName,
        fileSize,
        numAddedFiles,
        numDeletedFiles,
        partitionStats,
        schemaId,
        minBucket,
        maxBucket,
        minLevel,
        maxLevel,
        null,
        null);
  }
}
