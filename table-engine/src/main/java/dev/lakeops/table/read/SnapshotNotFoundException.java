package dev.lakeops.table.read;

/**
 * The snapshot a read asks for does not exist: an id never published, expired or rolled back, an
 * unknown tag, or a time before the earliest snapshot. The message names what was asked and what
 * exists.
 */
public final class SnapshotNotFoundException extends RuntimeException {

  public SnapshotNotFoundException(String message) {
    super(message);
  }
}
