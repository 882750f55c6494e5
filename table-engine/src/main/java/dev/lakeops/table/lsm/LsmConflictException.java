package dev.lakeops.table.lsm;

/**
 * An edit would leave two files of one level ≥ 1 with overlapping key ranges, or removes a file
 * that is not there. Paimon rejects such a table state with "LSM conflicts detected!", so lakeops
 * never produces one.
 */
public final class LsmConflictException extends IllegalStateException {

  public LsmConflictException(String message) {
    super(message);
  }
}
