package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogBytes.bigEndian;
import static dev.lakeops.tools.binlog.file.BinlogBytes.bitmap;
import static dev.lakeops.tools.binlog.file.BinlogBytes.packedInt;
import static dev.lakeops.tools.binlog.file.BinlogBytes.u16;
import static dev.lakeops.tools.binlog.file.BinlogBytes.u48;
import static dev.lakeops.tools.binlog.file.BinlogBytes.u8;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.jspecify.annotations.Nullable;

/**
 * Decodes the rows of a rows event against its TABLE_MAP (binlog.md §5.4). Layout:
 *
 * <pre>
 * table_id u48 | flags u16 | [v2: extra_len u16 (counts itself) | extra] | column_count (packed)
 * | present bitmap | [UPDATE: present-after bitmap] | rows
 * row: null bitmap over present columns | values of present non-NULL columns [| UPDATE: after image]
 * </pre>
 *
 * MariaDB's compressed rows events (166–171, {@code log_bin_compress=ON}) zlib-compress the rows
 * part: {@code 0x80 | length_bytes} (algorithm bits 0x70 = 0: zlib), the uncompressed length
 * big-endian, then the zlib stream (MariaDB {@code binlog_buf_uncompress}).
 */
final class RowsDecoder {

  /** Largest decompressed rows part accepted; beyond it the event is reported, not decoded. */
  static final int MAX_UNCOMPRESSED = 64 * 1024 * 1024;

  /**
   * Most rows decoded from one event. Servers cut rows events at {@code binlog_row_event_max_size}
   * (8 KiB by default), so real events hold far fewer; the cap bounds memory for a forged one.
   */
  static final int MAX_ROWS = 100_000;

  private RowsDecoder() {}

  /** Whether {@code type} is a rows event this decoder reads. */
  static boolean handles(int type) {
    return kind(type) != null;
  }

  static RowsEvent.@Nullable Kind kind(int type) {
    return switch (type) {
      case EventTypes.WRITE_ROWS_V1, EventTypes.WRITE_ROWS_V2, 166, 169 -> RowsEvent.Kind.WRITE;
      case EventTypes.UPDATE_ROWS_V1, EventTypes.UPDATE_ROWS_V2, 167, 170 -> RowsEvent.Kind.UPDATE;
      case EventTypes.DELETE_ROWS_V1, EventTypes.DELETE_ROWS_V2, 168, 171 -> RowsEvent.Kind.DELETE;
      default -> null;
    };
  }

  /** The table id of a rows event body, read from its post-header. */
  static long tableId(ByteBuffer body) {
    return u48(body.duplicate().order(ByteOrder.LITTLE_ENDIAN));
  }

  /**
   * Decodes every row of the event at {@code offset} with body {@code body} (trailer excluded).
   *
   * @throws DecodeException the body does not match the table's columns
   */
  static RowsEvent decode(long offset, int type, ByteBuffer body, TableDefinition table) {
    RowsEvent.Kind kind = kind(type);
    DecodeException.check(kind != null, EventTypes.name(type) + " is not a rows event");
    ByteBuffer b = body.slice().order(ByteOrder.LITTLE_ENDIAN);
    long tableId = u48(b);
    int flags = u16(b);
    if (hasExtraData(type)) {
      int extra = u16(b);
      DecodeException.check(
          extra >= 2 && extra - 2 <= b.remaining(),
          "extra data length " + extra + " is out of range");
      b.position(b.position() + extra - 2);
    }
    int width = packedInt(b, TableMapDecoder.MAX_COLUMNS, "column count");
    DecodeException.check(
        width == table.columnCount(),
        "event has "
            + width
            + " columns, TABLE_MAP of "
            + table.qualifiedName()
            + " (table id "
            + tableId
            + ") has "
            + table.columnCount());
    BitSet present = bitmap(b, width);
    BitSet presentAfter = kind == RowsEvent.Kind.UPDATE ? bitmap(b, width) : null;
    // An image of no columns takes no bytes: rows after it could never end.
    DecodeException.check(
        !present.isEmpty() && (presentAfter == null || !presentAfter.isEmpty())
            || !b.hasRemaining(),
        "row data follows a column bitmap that selects no column");
    if (type >= 166 && type <= 171) {
      b = inflate(b);
    }
    int[] types = table.types();
    int[] metadata = table.metadata();
    BitSet unsigned = table.unsigned();
    List<RowsEvent.Row> rows = new ArrayList<>();
    while (b.hasRemaining()) {
      DecodeException.check(rows.size() < MAX_ROWS, "more than " + MAX_ROWS + " rows in one event");
      Object[] first = image(b, present, types, metadata, unsigned, rows.size());
      rows.add(
          switch (kind) {
            case WRITE -> new RowsEvent.Row(null, first);
            case DELETE -> new RowsEvent.Row(first, null);
            case UPDATE ->
                new RowsEvent.Row(
                    first, image(b, presentAfter, types, metadata, unsigned, rows.size()));
          });
    }
    return new RowsEvent(offset, type, table, kind, flags, present, presentAfter, rows);
  }

  private static boolean hasExtraData(int type) {
    return (type >= EventTypes.WRITE_ROWS_V2 && type <= EventTypes.DELETE_ROWS_V2)
        || (type >= 169 && type <= 171);
  }

  private static Object[] image(
      ByteBuffer b,
      BitSet present,
      int[] types,
      int[] metadata,
      @Nullable BitSet unsigned,
      int row) {
    BitSet nulls = bitmap(b, present.cardinality());
    Object[] values = new Object[types.length];
    int nth = 0;
    for (int column = present.nextSetBit(0);
        column >= 0;
        column = present.nextSetBit(column + 1), nth++) {
      if (nulls.get(nth)) {
        continue;
      }
      int at = b.position();
      try {
        values[column] =
            ColumnValueDecoder.decode(
                b, types[column], metadata[column], unsigned != null && unsigned.get(column));
      } catch (DecodeException e) {
        throw new DecodeException(
            "row "
                + row
                + ", column "
                + column
                + " ("
                + ColumnTypes.name(types[column])
                + ") at body offset "
                + at
                + ": "
                + e.getMessage());
      }
    }
    return values;
  }

  private static ByteBuffer inflate(ByteBuffer b) {
    int header = u8(b);
    DecodeException.check(
        (header & 0x80) != 0 && (header & 0x70) == 0,
        String.format("compressed rows header 0x%02x is not zlib", header));
    int lengthBytes = header & 0x07;
    DecodeException.check(
        lengthBytes >= 1 && lengthBytes <= 4,
        "compressed length size " + lengthBytes + " is not 1..4");
    long length = bigEndian(b, lengthBytes);
    DecodeException.check(
        length <= MAX_UNCOMPRESSED,
        "uncompressed rows of " + length + " bytes exceed the " + MAX_UNCOMPRESSED + "-byte limit");
    byte[] out = new byte[(int) length];
    Inflater inflater = new Inflater();
    try {
      inflater.setInput(b);
      byte[] excess = new byte[1];
      int n = 0;
      while (!inflater.finished()) {
        int got =
            n < out.length ? inflater.inflate(out, n, out.length - n) : inflater.inflate(excess);
        DecodeException.check(
            n < out.length || got == 0,
            "zlib stream holds more than the " + length + " bytes the header says");
        if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          break;
        }
        n += got;
      }
      DecodeException.check(
          n == out.length && inflater.finished(),
          "zlib stream holds "
              + n
              + " bytes"
              + (inflater.finished() ? "" : " and ends early")
              + ", header says "
              + length);
    } catch (DataFormatException e) {
      throw new DecodeException("zlib stream is invalid: " + e.getMessage());
    } finally {
      inflater.end();
    }
    return ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
  }
}
