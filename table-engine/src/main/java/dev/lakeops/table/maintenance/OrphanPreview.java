package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * What an orphan-file removal would delete, computed without changing anything.
 *
 * @param olderThan only files last modified before this are candidates
 * @param filesScanned files looked at in the table directory
 * @param files the orphans
 */
public record OrphanPreview(Instant olderThan, int filesScanned, FilesPreview files) {

  public OrphanPreview {
    requireNonNull(olderThan, "olderThan");
    requireNonNull(files, "files");
  }
}
