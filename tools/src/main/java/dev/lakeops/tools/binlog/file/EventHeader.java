package dev.lakeops.tools.binlog.file;

/**
 * The 19-byte common header of one event, with where the event starts in its file.
 *
 * @param offset where the event starts in the file
 * @param size {@code event_size}: header, body and checksum trailer
 * @param logPos {@code log_pos}: the event's end offset as the server wrote it; 0 for artificial
 *     events
 */
public record EventHeader(
    long offset, long timestamp, int type, long serverId, long size, long logPos, int flags) {

  public static final int LENGTH = 19;

  /**
   * {@code LOG_EVENT_BINLOG_IN_USE_F}: on the FDE of a file that is open or was not closed cleanly.
   */
  public static final int FLAG_IN_USE = 0x0001;

  /** Where the event ends, by its own size. */
  public long end() {
    return offset + size;
  }

  /**
   * Whether {@code log_pos} agrees with the event's place in the file (0 is accepted: artificial).
   */
  public boolean logPosConsistent() {
    return logPos == 0 || logPos == end();
  }

  public String typeName() {
    return EventTypes.name(type);
  }
}
