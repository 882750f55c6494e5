package dev.lakeops.tools.binlog.classify;

/**
 * The event header as mysql-binlog-connector-java prints it in {@code EventHeaderV4{...}}.
 *
 * @param timestampMillis the event's {@code timestamp} (the library prints milliseconds)
 * @param eventType the library's type name, e.g. {@code UPDATE_ROWS}, {@code EXT_WRITE_ROWS}
 * @param dataLength {@code event_size - headerLength}: body plus checksum trailer
 * @param nextPosition {@code log_pos}: where the event ends in its binlog file
 */
public record PastedEventHeader(
    long timestampMillis,
    String eventType,
    long serverId,
    long headerLength,
    long dataLength,
    long nextPosition,
    long flags) {

  /**
   * Where the event starts in its file ({@code nextPosition - headerLength - dataLength}); -1 when
   * unknown.
   */
  public long eventStart() {
    long start = nextPosition - headerLength - dataLength;
    return nextPosition > 0 && start >= 4 ? start : -1;
  }
}
