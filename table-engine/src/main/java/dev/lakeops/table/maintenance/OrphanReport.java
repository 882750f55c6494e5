package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * What an orphan-file removal did.
 *
 * @param olderThan only files last modified before this were candidates
 * @param filesScanned files looked at in the table directory
 * @param deletedFiles the orphans deleted
 */
public record OrphanReport(Instant olderThan, int filesScanned, DeletedFiles deletedFiles) {

  public OrphanReport {
    requireNonNull(olderThan, "olderThan");
    requireNonNull(deletedFiles, "deletedFiles");
  }
}
