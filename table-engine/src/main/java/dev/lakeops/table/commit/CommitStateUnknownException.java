package dev.lakeops.table.commit;

/**
 * Publishing a snapshot failed in a way that leaves its outcome unknown: the snapshot may or may
 * not exist. Every file written for the commit must be kept, because a published snapshot may
 * reference it; a later {@code filterAndCommit} with the same commit user and identifier settles
 * the outcome without committing twice.
 */
public final class CommitStateUnknownException extends RuntimeException {

  public CommitStateUnknownException(String message, Throwable cause) {
    super(message, cause);
  }
}
