package dev.lakeops.table.commit;

import java.util.List;

/**
 * The changes no longer apply to the latest snapshot, for example a file this commit deletes was
 * already compacted away by another writer. Not retryable: the writer must re-read the table
 * (Paimon gives up the same way: "File deletion conflicts detected! Give up committing.").
 */
public final class ConflictingChangesException extends RuntimeException {

  /** Which rule the changes broke. */
  public enum Conflict {
    /** A file to delete is not live in the latest snapshot. */
    FILE_DELETION,
    /** A file to add is already live. */
    DUPLICATE_ADD,
    /**
     * The bucket count of a partition differs from its live files' (only an overwrite may change
     * it).
     */
    BUCKET_COUNT,
    /** Two files of one level &ge; 1 of a bucket would have overlapping key ranges. */
    LSM_OVERLAP
  }

  private final Conflict conflict;
  private final List<String> fileNames;

  public ConflictingChangesException(Conflict conflict, String message, List<String> fileNames) {
    super(message);
    this.conflict = conflict;
    this.fileNames = List.copyOf(fileNames);
  }

  public Conflict conflict() {
    return conflict;
  }

  /** The files involved, by name. */
  public List<String> fileNames() {
    return fileNames;
  }
}
