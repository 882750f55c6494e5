package dev.lakeops.table.commit;

/**
 * Another writer published the snapshot id this commit tried to take. Nothing of this attempt is
 * visible; retrying against the new latest snapshot is safe.
 */
public final class CommitConflictException extends RuntimeException {

  private final long snapshotId;

  public CommitConflictException(long snapshotId, String message) {
    super(message);
    this.snapshotId = snapshotId;
  }

  public CommitConflictException(long snapshotId, String message, Throwable cause) {
    super(message, cause);
    this.snapshotId = snapshotId;
  }

  /** The id that was taken. */
  public long snapshotId() {
    return snapshotId;
  }
}
