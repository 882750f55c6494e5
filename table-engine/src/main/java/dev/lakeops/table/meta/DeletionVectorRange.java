package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * Where the deletion vector of one data file sits inside a deletion-vector index file (source:
 * Paimon {@code DeletionVectorMeta}; {@code paimon-format.md} §9).
 *
 * @param cardinality number of deleted rows, or null when unknown
 */
public record DeletionVectorRange(
    String dataFileName, int offset, int length, @Nullable Long cardinality) {

  public DeletionVectorRange {
    requireNonNull(dataFileName, "dataFileName");
    if (offset < 0 || length < 0) {
      throw new IllegalArgumentException(
          "Invalid deletion vector range of "
              + dataFileName
              + ": offset "
              + offset
              + ", length "
              + length);
    }
  }
}
