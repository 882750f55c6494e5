package dev.lakeops.tools.binlog.file;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the fields transaction tracking needs from an event body (binlog.md §5). Pure: takes the
 * body bytes the reader read (at most {@link BinlogReader#DECODE_LIMIT}, trailer excluded).
 */
final class EventDecoder {

  /** Longest SQL text kept from a QUERY or ANNOTATE_ROWS event. */
  static final int MAX_TEXT = 512;

  private static final int MAX_LIST = 4096;

  private EventDecoder() {}

  /**
   * Returns the decoded body.
   *
   * @throws BinlogFormatException a field runs past the body or has an impossible value
   */
  static EventBody decode(String file, EventHeader header, ByteBuffer body, int checksumAlg) {
    return decode(file, header, body, checksumAlg, true);
  }

  /**
   * Returns the decoded body; without {@code statementText} an ANNOTATE_ROWS body carries no SQL
   * (its text is the costliest field of a row-format transaction and integrity checks never read
   * it).
   *
   * @throws BinlogFormatException a field runs past the body or has an impossible value
   */
  static EventBody decode(
      String file, EventHeader header, ByteBuffer body, int checksumAlg, boolean statementText) {
    int type = header.type();
    int at = body.position();
    int length = body.remaining();
    // The events of every transaction, read in place: slicing a direct buffer per event cost a
    // tenth of the verify time.
    if (EventTypes.isRows(type) && length >= 8) {
      return new EventBody.Rows(
          Integer.toUnsignedLong(body.getInt(at)) | (long) (body.getShort(at + 4) & 0xffff) << 32,
          body.getShort(at + 6) & 0xffff);
    }
    if (type == EventTypes.XID && length >= 8) {
      return new EventBody.Xid(body.getLong(at));
    }
    if (type == EventTypes.MARIADB_GTID && length >= 13) {
      return new EventBody.MariadbGtid(
          Integer.toUnsignedLong(body.getInt(at + 8)),
          header.serverId(),
          body.getLong(at),
          body.get(at + 12) & 0xff);
    }
    if (type == EventTypes.MARIADB_ANNOTATE_ROWS && !statementText) {
      return EventBody.AnnotateRows.TEXT_NOT_READ;
    }
    ByteBuffer b = body.slice().order(ByteOrder.LITTLE_ENDIAN);
    try {
      return decodeType(header, b, checksumAlg);
    } catch (BufferUnderflowException | IllegalArgumentException e) {
      throw new BinlogFormatException(
          file,
          header.offset(),
          header.typeName() + " body of " + b.limit() + " bytes is shorter than its fields");
    } catch (FieldException e) {
      throw new BinlogFormatException(
          file, header.offset(), header.typeName() + ": " + e.getMessage());
    }
  }

  private static EventBody decodeType(EventHeader header, ByteBuffer b, int checksumAlg) {
    int type = header.type();
    if (EventTypes.isRows(type)) {
      return new EventBody.Rows(u48(b), u16(b));
    }
    switch (type) {
      case EventTypes.FORMAT_DESCRIPTION:
        int version = u16(b);
        String serverVersion = cString(b, 50);
        b.getInt();
        int headerLength = u8(b);
        if (version != 4 || headerLength != EventHeader.LENGTH) {
          throw new FieldException(
              "binlog version "
                  + version
                  + " / header length "
                  + headerLength
                  + ", expected 4 / 19");
        }
        return new EventBody.FormatDescription(version, serverVersion, checksumAlg);
      case EventTypes.QUERY:
        b.position(8);
        int dbLength = u8(b);
        b.position(b.position() + 2);
        int statusLength = u16(b);
        b.position(b.position() + statusLength);
        String db = text(b, dbLength);
        b.get(); // NUL after the database name
        return new EventBody.Query(db, queryText(b, Math.min(b.remaining(), MAX_TEXT)));
      case EventTypes.XID:
        return new EventBody.Xid(b.getLong());
      case EventTypes.TABLE_MAP:
        long tableId = u48(b);
        u16(b);
        String database = text(b, u8(b));
        b.get();
        String table = text(b, u8(b));
        b.get();
        return new EventBody.TableMap(tableId, database, table);
      case EventTypes.ROTATE:
        long position = b.getLong();
        return new EventBody.Rotate(position, text(b, Math.min(b.remaining(), MAX_TEXT)));
      case EventTypes.MARIADB_GTID:
        long sequence = b.getLong();
        long domain = Integer.toUnsignedLong(b.getInt());
        return new EventBody.MariadbGtid(domain, header.serverId(), sequence, u8(b));
      case EventTypes.MARIADB_GTID_LIST:
        return gtidList(b);
      case EventTypes.MYSQL_GTID:
      case EventTypes.MYSQL_ANONYMOUS_GTID:
        b.get();
        String uuid = uuid(b);
        long gno = b.getLong();
        boolean anonymous = type == EventTypes.MYSQL_ANONYMOUS_GTID;
        return new EventBody.MysqlGtid(anonymous ? "ANONYMOUS" : uuid + ":" + gno, anonymous);
      case EventTypes.MYSQL_PREVIOUS_GTIDS:
        return previousGtids(b);
      case EventTypes.MARIADB_BINLOG_CHECKPOINT:
        int nameLength = b.getInt();
        check(
            nameLength >= 0 && nameLength <= b.remaining(),
            "file name length " + nameLength + " past the body");
        return new EventBody.BinlogCheckpoint(text(b, nameLength));
      case EventTypes.MARIADB_ANNOTATE_ROWS:
        return new EventBody.AnnotateRows(text(b, Math.min(b.remaining(), MAX_TEXT)));
      case EventTypes.XA_PREPARE:
        return new EventBody.XaPrepare();
      default:
        return new EventBody.Opaque();
    }
  }

  private static EventBody gtidList(ByteBuffer b) {
    long count = Integer.toUnsignedLong(b.getInt()) & 0x0fffffffL;
    check(count * 16 <= b.remaining(), count + " GTIDs do not fit in " + b.remaining() + " bytes");
    check(count <= MAX_LIST, count + " GTIDs exceed " + MAX_LIST);
    List<String> gtids = new ArrayList<>();
    for (long i = 0; i < count; i++) {
      long domain = Integer.toUnsignedLong(b.getInt());
      long server = Integer.toUnsignedLong(b.getInt());
      gtids.add(domain + "-" + server + "-" + Long.toUnsignedString(b.getLong()));
    }
    return new EventBody.MariadbGtidList(gtids);
  }

  private static EventBody previousGtids(ByteBuffer b) {
    long sids = b.getLong();
    check(
        sids >= 0 && sids <= MAX_LIST && sids * 24 <= b.remaining(),
        sids + " server uuids do not fit in the body");
    StringBuilder set = new StringBuilder();
    for (long i = 0; i < sids; i++) {
      if (i > 0) {
        set.append(',');
      }
      set.append(uuid(b));
      long intervals = b.getLong();
      check(
          intervals >= 0 && intervals * 16 <= b.remaining(),
          intervals + " intervals do not fit in the body");
      for (long j = 0; j < intervals; j++) {
        long start = b.getLong();
        long end = b.getLong() - 1; // stored end is exclusive
        set.append(':').append(start);
        if (end != start) {
          set.append('-').append(end);
        }
      }
    }
    return new EventBody.MysqlPreviousGtids(set.toString());
  }

  private static void check(boolean condition, String message) {
    if (!condition) {
      throw new FieldException(message);
    }
  }

  private static int u8(ByteBuffer b) {
    return b.get() & 0xff;
  }

  private static int u16(ByteBuffer b) {
    return b.getShort() & 0xffff;
  }

  private static long u48(ByteBuffer b) {
    long low = Integer.toUnsignedLong(b.getInt());
    return low | ((long) u16(b) << 32);
  }

  /** The SQL of a QUERY; the constant for the BEGIN and COMMIT that frame most transactions. */
  private static String queryText(ByteBuffer b, int length) {
    if (length == 5 && matches(b, EventBody.Query.BEGIN)) {
      b.position(b.position() + length);
      return EventBody.Query.BEGIN;
    }
    if (length == 6 && matches(b, EventBody.Query.COMMIT)) {
      b.position(b.position() + length);
      return EventBody.Query.COMMIT;
    }
    return text(b, length);
  }

  /** Whether the bytes at the position are the ASCII {@code word}. */
  private static boolean matches(ByteBuffer b, String word) {
    int at = b.position();
    for (int i = 0; i < word.length(); i++) {
      if (b.get(at + i) != word.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static String text(ByteBuffer b, int length) {
    byte[] bytes = new byte[length];
    b.get(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static String cString(ByteBuffer b, int length) {
    String raw = text(b, length);
    int nul = raw.indexOf('\0');
    return nul >= 0 ? raw.substring(0, nul) : raw;
  }

  private static String uuid(ByteBuffer b) {
    StringBuilder s = new StringBuilder(36);
    for (int i = 0; i < 16; i++) {
      if (i == 4 || i == 6 || i == 8 || i == 10) {
        s.append('-');
      }
      s.append(String.format("%02x", b.get() & 0xff));
    }
    return s.toString();
  }

  /**
   * A field holds an impossible value; becomes a {@link BinlogFormatException} naming file and
   * offset.
   */
  private static final class FieldException extends RuntimeException {
    FieldException(String message) {
      super(message, null, false, false);
    }
  }
}
