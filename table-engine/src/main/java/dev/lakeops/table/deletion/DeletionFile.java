package dev.lakeops.table.deletion;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.DeletionVectorRange;
import java.nio.file.Path;

/**
 * Where the deletion vector of one data file is stored: a slice of a deletion-vector index file
 * (Paimon's {@code DeletionFile}).
 *
 * @param indexFile the index file ({@code index/index-<uuid>-<n>} or its external path)
 * @param range the data file's slice, as the index manifest records it
 */
public record DeletionFile(Path indexFile, DeletionVectorRange range) {

  public DeletionFile {
    requireNonNull(indexFile, "indexFile");
    requireNonNull(range, "range");
  }

  public String dataFileName() {
    return range.dataFileName();
  }
}
