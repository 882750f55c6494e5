package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogBytes.bitmap;
import static dev.lakeops.tools.binlog.file.BinlogBytes.bitmapMsbFirst;
import static dev.lakeops.tools.binlog.file.BinlogBytes.bytes;
import static dev.lakeops.tools.binlog.file.BinlogBytes.packed;
import static dev.lakeops.tools.binlog.file.BinlogBytes.packedInt;
import static dev.lakeops.tools.binlog.file.BinlogBytes.u16;
import static dev.lakeops.tools.binlog.file.BinlogBytes.u48;
import static dev.lakeops.tools.binlog.file.BinlogBytes.u8;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * Decodes a TABLE_MAP body into a {@link TableDefinition}. Layout (binlog.md §5.3):
 *
 * <pre>
 * table_id u48 | flags u16 | db_len u8, db, NUL | tbl_len u8, tbl, NUL | column_count (packed)
 * | types[column_count] | metadata_len (packed) | metadata | null_bitmap | optional metadata (TLV)*
 * </pre>
 *
 * Optional metadata fields are {@code type u8 | length (packed) | value}; unknown types are
 * skipped.
 */
final class TableMapDecoder {

  /** MySQL and MariaDB allow at most 4096 columns per table. */
  static final int MAX_COLUMNS = 4096;

  private static final int SIGNEDNESS = 1;
  private static final int DEFAULT_CHARSET = 2;
  private static final int COLUMN_CHARSET = 3;
  private static final int COLUMN_NAME = 4;
  private static final int SET_STR_VALUE = 5;
  private static final int ENUM_STR_VALUE = 6;
  private static final int SIMPLE_PRIMARY_KEY = 8;
  private static final int PRIMARY_KEY_WITH_PREFIX = 9;

  private TableMapDecoder() {}

  /**
   * Decodes {@code body} (trailer excluded).
   *
   * @throws DecodeException a field runs past the body or has an impossible value
   */
  static TableDefinition decode(ByteBuffer body) {
    ByteBuffer b = body.slice().order(ByteOrder.LITTLE_ENDIAN);
    long tableId = u48(b);
    u16(b);
    String database = name(b, "database name");
    String table = name(b, "table name");
    int columns = packedInt(b, MAX_COLUMNS, "column count");
    int[] types = new int[columns];
    for (int i = 0; i < columns; i++) {
      types[i] = u8(b);
    }
    int metadataLength = packedInt(b, b.remaining(), "metadata length");
    ByteBuffer meta = b.slice().limit(metadataLength).order(ByteOrder.LITTLE_ENDIAN);
    b.position(b.position() + metadataLength);
    int[] metadata = new int[columns];
    for (int i = 0; i < columns; i++) {
      metadata[i] = metadata(meta, types[i], i);
    }
    BitSet nullable = bitmap(b, columns);
    OptionalFields optional = new OptionalFields(types, metadata);
    while (b.hasRemaining()) {
      int type = u8(b);
      int length = packedInt(b, b.remaining(), "optional metadata field length");
      ByteBuffer value = b.slice().limit(length).order(ByteOrder.LITTLE_ENDIAN);
      b.position(b.position() + length);
      optional.read(type, value);
    }
    return new TableDefinition(
        tableId,
        database,
        table,
        types,
        metadata,
        nullable,
        optional.unsigned,
        optional.names,
        optional.enums,
        optional.sets,
        optional.primaryKey,
        optional.collations);
  }

  private static String name(ByteBuffer b, String what) {
    int length = u8(b);
    String name = new String(bytes(b, length), StandardCharsets.UTF_8);
    DecodeException.check(u8(b) == 0, what + " is not NUL-terminated");
    return name;
  }

  private static int metadata(ByteBuffer meta, int type, int column) {
    int length = ColumnTypes.metadataLength(type);
    DecodeException.check(
        meta.remaining() >= length,
        "metadata block ends before column " + column + " (" + ColumnTypes.name(type) + ")");
    if (length == 1) {
      return meta.get() & 0xff;
    }
    if (length == 2) {
      int first = meta.get() & 0xff;
      int second = meta.get() & 0xff;
      return type == ColumnTypes.VARCHAR || type == ColumnTypes.VAR_STRING
          ? first | second << 8
          : first << 8 | second;
    }
    return 0;
  }

  /** The optional metadata fields, resolved to column indexes. */
  private static final class OptionalFields {
    private final int[] types;
    private final int[] realTypes;
    @Nullable BitSet unsigned;
    List<String> names = List.of();
    final Map<Integer, List<String>> enums = new HashMap<>();
    final Map<Integer, List<String>> sets = new HashMap<>();
    final List<Integer> primaryKey = new ArrayList<>();
    int @Nullable [] collations;

    OptionalFields(int[] types, int[] metadata) {
      this.types = types;
      this.realTypes = new int[types.length];
      for (int i = 0; i < types.length; i++) {
        realTypes[i] = TableDefinition.realType(types[i], metadata[i]);
      }
    }

    void read(int type, ByteBuffer value) {
      switch (type) {
        case SIGNEDNESS -> unsigned = signedness(value);
        case DEFAULT_CHARSET -> collations = defaultCharset(value);
        case COLUMN_CHARSET -> collations = columnCharsets(value);
        case COLUMN_NAME -> names = columnNames(value);
        case SET_STR_VALUE -> memberNames(value, ColumnTypes.SET, sets);
        case ENUM_STR_VALUE -> memberNames(value, ColumnTypes.ENUM, enums);
        case SIMPLE_PRIMARY_KEY -> primaryKey(value, false);
        case PRIMARY_KEY_WITH_PREFIX -> primaryKey(value, true);
        default -> {} // geometry types, visibility, ENUM/SET charsets: not needed to decode values
      }
    }

    private BitSet signedness(ByteBuffer value) {
      BitSet bits = bitmapMsbFirst(bytes(value, value.remaining()), types.length);
      BitSet result = new BitSet(types.length);
      int numeric = 0;
      for (int i = 0; i < types.length; i++) {
        if (ColumnTypes.isNumeric(types[i])) {
          if (bits.get(numeric)) {
            result.set(i);
          }
          numeric++;
        }
      }
      return result;
    }

    private int[] defaultCharset(ByteBuffer value) {
      int fallback = packedInt(value, Integer.MAX_VALUE, "default collation");
      int[] result = characterColumns(fallback);
      int[] index = characterIndex();
      while (value.hasRemaining()) {
        int nth = packedInt(value, Integer.MAX_VALUE, "character column");
        int collation = packedInt(value, Integer.MAX_VALUE, "collation");
        DecodeException.check(
            nth < index.length, "charset for character column " + nth + " of " + index.length);
        result[index[nth]] = collation;
      }
      return result;
    }

    private int[] columnCharsets(ByteBuffer value) {
      int[] result = characterColumns(-1);
      for (int column : characterIndex()) {
        result[column] = packedInt(value, Integer.MAX_VALUE, "collation");
      }
      return result;
    }

    private int[] characterColumns(int collation) {
      int[] result = new int[types.length];
      Arrays.fill(result, -1);
      for (int column : characterIndex()) {
        result[column] = collation;
      }
      return result;
    }

    private int[] characterIndex() {
      return IntStream.range(0, types.length)
          .filter(i -> ColumnTypes.isCharacter(realTypes[i]))
          .toArray();
    }

    private static List<String> columnNames(ByteBuffer value) {
      List<String> result = new ArrayList<>();
      while (value.hasRemaining()) {
        result.add(text(value));
      }
      return result;
    }

    private void memberNames(ByteBuffer value, int realType, Map<Integer, List<String>> into) {
      for (int i = 0; i < types.length && value.hasRemaining(); i++) {
        if (realTypes[i] != realType) {
          continue;
        }
        int count = packedInt(value, value.remaining(), "member count");
        List<String> members = new ArrayList<>(count);
        for (int m = 0; m < count; m++) {
          members.add(text(value));
        }
        into.put(i, members);
      }
    }

    private void primaryKey(ByteBuffer value, boolean withPrefix) {
      while (value.hasRemaining()) {
        int column = packedInt(value, types.length - 1L, "primary key column");
        primaryKey.add(column);
        if (withPrefix) {
          packed(value);
        }
      }
    }

    private static String text(ByteBuffer value) {
      int length = packedInt(value, value.remaining(), "name length");
      return new String(bytes(value, length), StandardCharsets.UTF_8);
    }
  }
}
