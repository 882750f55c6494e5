package dev.lakeops.table.io;

/**
 * Requests a {@link FileIO} made and the bytes it moved, by the request kinds an object store bills
 * (a local disk counts the same operations, so a probe reports one shape everywhere). {@code gets}
 * counts whole-file reads and ranged reads alike; {@code heads} counts existence, size and time
 * queries.
 */
public record IoStats(
    long lists, long gets, long heads, long puts, long deletes, long bytesRead, long bytesWritten) {

  public static final IoStats NONE = new IoStats(0, 0, 0, 0, 0, 0, 0);

  /** All requests together. */
  public long requests() {
    return lists + gets + heads + puts + deletes;
  }

  /** The requests and bytes since {@code earlier} (a snapshot taken before). */
  public IoStats minus(IoStats earlier) {
    return new IoStats(
        lists - earlier.lists,
        gets - earlier.gets,
        heads - earlier.heads,
        puts - earlier.puts,
        deletes - earlier.deletes,
        bytesRead - earlier.bytesRead,
        bytesWritten - earlier.bytesWritten);
  }

  @Override
  public String toString() {
    return "LIST "
        + lists
        + ", GET "
        + gets
        + ", HEAD "
        + heads
        + ", PUT "
        + puts
        + ", DELETE "
        + deletes
        + ", read "
        + bytesRead
        + " B, written "
        + bytesWritten
        + " B";
  }
}
