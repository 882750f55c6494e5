package dev.lakeops.table.read;

/**
 * The snapshot a streaming read needs next is outside the table's snapshots (Paimon's {@code
 * OutOfRangeException}, thrown by its {@code NextSnapshotFetcher}): it expired while the read was
 * behind, or it lies beyond the latest snapshot + 1 (the table was recreated or rolled back). The
 * message names the table, the snapshot and the range that exists. Not retryable: restart the read
 * from a snapshot that exists.
 */
public final class OutOfRangeException extends RuntimeException {

  private final long snapshotId;

  public OutOfRangeException(String message, long snapshotId) {
    super(message);
    this.snapshotId = snapshotId;
  }

  /** The snapshot the read needed next. */
  public long snapshotId() {
    return snapshotId;
  }
}
