package dev.lakeops.tools.binlog.file;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * One line of {@code binlog events}: a valid event, or a damaged span where the reader found bytes
 * that are not a valid event.
 *
 * @param offset where the event starts in the file
 * @param type the type's name as {@link EventTypes#name} spells it; {@code none} when no header was
 *     left
 * @param size {@code event_size} from the header, -1 when fewer than 19 bytes were left
 * @param logPos {@code log_pos} from the header (end offset as the server wrote it), -1 when
 *     unknown
 * @param timestamp {@code timestamp} from the header, seconds since the epoch; -1 when unknown
 * @param serverId {@code server_id} from the header, -1 when unknown
 * @param crc {@link Crc#OK} for a valid event in a CRC32 file, {@link Crc#NONE} in a file without
 *     checksums, {@link Crc#MISMATCH} or {@link Crc#NOT_CHECKED} for damage
 * @param info a short decoded summary (GTID, SQL cut to {@link BinlogEventLister#MAX_INFO},
 *     db.table, xid)
 * @param damage what is wrong, null for a valid event
 */
public record ListedEvent(
    long offset,
    String type,
    long size,
    long logPos,
    long timestamp,
    long serverId,
    Crc crc,
    String info,
    @Nullable String damage) {

  /** The outcome of the CRC32 check of one event. */
  public enum Crc {
    OK,
    NONE,
    MISMATCH,
    NOT_CHECKED
  }

  public ListedEvent {
    requireNonNull(type, "type");
    requireNonNull(crc, "crc");
    requireNonNull(info, "info");
  }

  /** Where the event ends by its own size; the offset itself when the size is unknown. */
  public long end() {
    return size < 0 ? offset : offset + size;
  }
}
