package dev.lakeops.table.meta;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;

/**
 * Encodes {@link Row}s of atomic types to Paimon BinaryRow bytes and back, byte-exact with Paimon
 * (source: {@code BinaryRowWriter}, {@code AbstractBinaryWriter}, {@code RowHelper}; {@code
 * paimon-format.md} §10). Values are little-endian. Per 8-byte slot:
 *
 * <ul>
 *   <li>BOOLEAN/TINYINT 1 byte, SMALLINT 2, INT/DATE (epoch day)/TIME (ms of day)/FLOAT 4,
 *       BIGINT/DOUBLE 8, the rest of the slot zero;
 *   <li>DECIMAL p ≤ 18: the unscaled long; p &gt; 18: 16 bytes reserved in the variable part with
 *       the big-endian two's-complement unscaled bytes, slot {@code offset << 32 | length};
 *   <li>TIMESTAMP p ≤ 3: epoch ms; p &gt; 3: ms in 8 bytes of the variable part, slot {@code offset
 *       << 32 | nanoOfMillisecond} (TIMESTAMP_LTZ likewise, from an {@link Instant});
 *   <li>strings and binaries of up to 7 bytes inline: data in slot bytes 0..n-1, slot byte 7 {@code
 *       0x80 | n}; longer ones in the variable part, zero-padded to 8 bytes, slot {@code offset <<
 *       32 | length}.
 * </ul>
 *
 * A null field sets its null bit and zeroes its slot, except that a null high-precision DECIMAL or
 * TIMESTAMP still reserves its variable-part bytes and keeps its offset (as Paimon's {@code
 * RowHelper} writes them). Offsets count from the row start.
 *
 * <p>Nested types (ARRAY, MAP, ROW) are not supported: Paimon keeps them out of keys, partitions
 * and statistics.
 */
public final class BinaryRowCodec {

  private BinaryRowCodec() {}

  /**
   * Encodes {@code row}, whose kind becomes the header byte (0 for {@code +I}, as in manifests).
   *
   * @throws IllegalArgumentException arity or a value does not match {@code type} (the message
   *     names the field), or a type is nested
   */
  public static BinaryRow encode(RowType type, Row row) {
    int arity = type.arity();
    if (row.arity() != arity) {
      throw new IllegalArgumentException(
          "Invalid row for "
              + type.fieldNames()
              + ": "
              + row.arity()
              + " values, expected "
              + arity);
    }
    Writer w = new Writer(arity);
    w.buffer.put(0, row.kind().toByteValue());
    for (int i = 0; i < arity; i++) {
      AtomicType fieldType = atomic(type, i);
      Object value = row.get(i);
      try {
        w.write(i, fieldType, value);
      } catch (ClassCastException e) {
        throw new IllegalArgumentException(
            "Invalid value for field "
                + type.fields().get(i).name()
                + " ("
                + fieldType.asSql()
                + "): "
                + value.getClass().getSimpleName()
                + " "
                + value,
            e);
      } catch (IllegalArgumentException | ArithmeticException e) {
        throw new IllegalArgumentException(
            "Invalid value for field "
                + type.fields().get(i).name()
                + " ("
                + fieldType.asSql()
                + "): "
                + e.getMessage(),
            e);
      }
    }
    return BinaryRow.wrap(arity, w.finish());
  }

  /**
   * Decodes {@code row} as a row of {@code type}.
   *
   * @throws MalformedBinaryRowException the bytes do not hold a row of {@code type} (wrong arity,
   *     pointer out of range, invalid UTF-8, bad kind byte); the message names the field
   * @throws IllegalArgumentException a type is nested
   */
  public static Row decode(RowType type, BinaryRow row) {
    if (row.arity() != type.arity()) {
      throw new MalformedBinaryRowException(
          "Invalid BinaryRow: arity "
              + row.arity()
              + ", expected "
              + type.arity()
              + " for "
              + type.fieldNames());
    }
    RowKind kind = row.kind();
    ByteBuffer buf = ByteBuffer.wrap(row.unsafeBytes()).order(ByteOrder.LITTLE_ENDIAN);
    Object[] values = new Object[type.arity()];
    for (int i = 0; i < values.length; i++) {
      AtomicType fieldType = atomic(type, i);
      if (row.isNullAt(i)) {
        continue;
      }
      try {
        values[i] = read(buf, BinaryRow.headerSize(type.arity()) + 8 * i, fieldType);
      } catch (MalformedBinaryRowException e) {
        throw new MalformedBinaryRowException(
            "Invalid BinaryRow field "
                + type.fields().get(i).name()
                + " ("
                + fieldType.asSql()
                + "): "
                + e.getMessage());
      }
    }
    return Row.ofKind(kind, values);
  }

  private static AtomicType atomic(RowType type, int i) {
    DataType t = type.typeAt(i);
    if (t instanceof AtomicType a) {
      return a;
    }
    throw new IllegalArgumentException(
        "Unsupported type in BinaryRow for field "
            + type.fields().get(i).name()
            + ": "
            + t.asSql()
            + " (nested types are not supported)");
  }

  static boolean isCompactDecimal(int precision) {
    return precision <= 18;
  }

  static boolean isCompactTimestamp(int precision) {
    return precision <= 3;
  }

  // ---- decoding

  private static Object read(ByteBuffer buf, int slot, AtomicType type) {
    return switch (type.root()) {
      case BOOLEAN -> buf.get(slot) != 0;
      case TINYINT -> buf.get(slot);
      case SMALLINT -> buf.getShort(slot);
      case INT -> buf.getInt(slot);
      case BIGINT -> buf.getLong(slot);
      case FLOAT -> buf.getFloat(slot);
      case DOUBLE -> buf.getDouble(slot);
      case DATE -> LocalDate.ofEpochDay(buf.getInt(slot));
      case TIME -> {
        int millis = buf.getInt(slot);
        if (millis < 0 || millis >= 86_400_000) {
          throw new MalformedBinaryRowException("time of day " + millis + " ms is out of range");
        }
        yield LocalTime.ofNanoOfDay(millis * 1_000_000L);
      }
      case CHAR, VARCHAR -> utf8(variableBytes(buf, slot));
      case BINARY, VARBINARY -> variableBytes(buf, slot);
      case DECIMAL -> readDecimal(buf, slot, type);
      case TIMESTAMP -> toLocalDateTime(readTimestamp(buf, slot, type.precision()));
      case TIMESTAMP_LTZ -> toInstant(readTimestamp(buf, slot, type.precision()));
    };
  }

  private static byte[] variableBytes(ByteBuffer buf, int slot) {
    long word = buf.getLong(slot);
    if ((word & (1L << 63)) != 0) {
      int len = (int) ((word >>> 56) & 0x7F);
      if (len > 7) {
        throw new MalformedBinaryRowException("inline length " + len + " is larger than 7");
      }
      byte[] data = new byte[len];
      buf.get(slot, data);
      return data;
    }
    int offset = (int) (word >>> 32);
    int len = (int) word;
    return slice(buf, offset, len);
  }

  private static byte[] slice(ByteBuffer buf, int offset, int len) {
    if (offset < 0 || len < 0 || (long) offset + len > buf.capacity()) {
      throw new MalformedBinaryRowException(
          "offset "
              + offset
              + " and length "
              + len
              + " point outside the "
              + buf.capacity()
              + "-byte row");
    }
    byte[] data = new byte[len];
    buf.get(offset, data);
    return data;
  }

  private static String utf8(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new MalformedBinaryRowException("invalid UTF-8 in a string value");
    }
  }

  private static BigDecimal readDecimal(ByteBuffer buf, int slot, AtomicType type) {
    if (isCompactDecimal(type.precision())) {
      return BigDecimal.valueOf(buf.getLong(slot), type.scale());
    }
    long word = buf.getLong(slot);
    int offset = (int) (word >>> 32);
    int len = (int) word;
    if (len < 1 || len > 16) {
      throw new MalformedBinaryRowException("decimal length " + len + " (must be 1..16)");
    }
    return new BigDecimal(new BigInteger(slice(buf, offset, len)), type.scale());
  }

  /** {millis, nanoOfMillisecond}. */
  private static long[] readTimestamp(ByteBuffer buf, int slot, int precision) {
    if (isCompactTimestamp(precision)) {
      return new long[] {buf.getLong(slot), 0};
    }
    long word = buf.getLong(slot);
    int offset = (int) (word >>> 32);
    int nanos = (int) word;
    if (nanos < 0 || nanos > 999_999) {
      throw new MalformedBinaryRowException(
          "nano of millisecond " + nanos + " (must be 0..999999)");
    }
    byte[] millis = slice(buf, offset, 8);
    return new long[] {ByteBuffer.wrap(millis).order(ByteOrder.LITTLE_ENDIAN).getLong(), nanos};
  }

  private static LocalDateTime toLocalDateTime(long[] ts) {
    long day = Math.floorDiv(ts[0], 86_400_000L);
    long millisOfDay = Math.floorMod(ts[0], 86_400_000L);
    try {
      return LocalDateTime.of(
          LocalDate.ofEpochDay(day), LocalTime.ofNanoOfDay(millisOfDay * 1_000_000L + ts[1]));
    } catch (java.time.DateTimeException e) {
      throw new MalformedBinaryRowException("timestamp " + ts[0] + " ms is out of range");
    }
  }

  private static Instant toInstant(long[] ts) {
    try {
      return Instant.ofEpochSecond(
          Math.floorDiv(ts[0], 1000L), Math.floorMod(ts[0], 1000L) * 1_000_000L + ts[1]);
    } catch (java.time.DateTimeException e) {
      throw new MalformedBinaryRowException("timestamp " + ts[0] + " ms is out of range");
    }
  }

  // ---- encoding

  /** Appends to a growing little-endian buffer; {@code cursor} is the end of the variable part. */
  private static final class Writer {
    private ByteBuffer buffer;
    private final int header;
    private int cursor;

    Writer(int arity) {
      header = BinaryRow.headerSize(arity);
      cursor = header + 8 * arity;
      buffer = ByteBuffer.allocate(Math.max(cursor * 2, 64)).order(ByteOrder.LITTLE_ENDIAN);
    }

    byte[] finish() {
      return Arrays.copyOf(buffer.array(), cursor);
    }

    private int slot(int pos) {
      return header + 8 * pos;
    }

    private void setNullBit(int pos) {
      int bit = pos + 8;
      buffer.put(bit >>> 3, (byte) (buffer.get(bit >>> 3) | (1 << (bit & 7))));
    }

    /** Reserves {@code size} zeroed bytes at the end of the variable part; returns their offset. */
    private int reserve(int size) {
      int offset = cursor;
      if (buffer.capacity() < cursor + size) {
        ByteBuffer bigger =
            ByteBuffer.allocate(Math.max(buffer.capacity() * 2, cursor + size))
                .order(ByteOrder.LITTLE_ENDIAN);
        bigger.put(0, buffer.array(), 0, cursor);
        buffer = bigger;
      }
      cursor += size;
      return offset;
    }

    void write(int pos, AtomicType type, Object value) {
      int slot = slot(pos);
      if (value == null) {
        writeNull(pos, type);
        return;
      }
      switch (type.root()) {
        case BOOLEAN -> buffer.put(slot, (byte) (((Boolean) value) ? 1 : 0));
        case TINYINT -> buffer.put(slot, (Byte) value);
        case SMALLINT -> buffer.putShort(slot, (Short) value);
        case INT -> buffer.putInt(slot, (Integer) value);
        case BIGINT -> buffer.putLong(slot, (Long) value);
        case FLOAT -> buffer.putInt(slot, Float.floatToRawIntBits((Float) value));
        case DOUBLE -> buffer.putLong(slot, Double.doubleToRawLongBits((Double) value));
        case DATE -> buffer.putInt(slot, Math.toIntExact(((LocalDate) value).toEpochDay()));
        case TIME -> buffer.putInt(slot, (int) (((LocalTime) value).toNanoOfDay() / 1_000_000));
        case CHAR, VARCHAR ->
            writeVariable(slot, ((String) value).getBytes(StandardCharsets.UTF_8));
        case BINARY, VARBINARY -> writeVariable(slot, (byte[]) value);
        case DECIMAL -> writeDecimal(slot, type, (BigDecimal) value);
        case TIMESTAMP ->
            writeTimestamp(slot, type.precision(), fromLocalDateTime((LocalDateTime) value));
        case TIMESTAMP_LTZ -> writeTimestamp(slot, type.precision(), fromInstant((Instant) value));
      }
    }

    private void writeNull(int pos, AtomicType type) {
      setNullBit(pos);
      int slot = slot(pos);
      if (type.root() == dev.lakeops.table.types.TypeRoot.DECIMAL
          && !isCompactDecimal(type.precision())) {
        buffer.putLong(slot, (long) reserve(16) << 32);
      } else if ((type.root() == dev.lakeops.table.types.TypeRoot.TIMESTAMP
              || type.root() == dev.lakeops.table.types.TypeRoot.TIMESTAMP_LTZ)
          && !isCompactTimestamp(type.precision())) {
        buffer.putLong(slot, (long) reserve(8) << 32);
      }
    }

    private void writeVariable(int slot, byte[] data) {
      if (data.length <= 7) {
        buffer.put(slot, data);
        buffer.put(slot + 7, (byte) (0x80 | data.length));
        return;
      }
      int offset = reserve((data.length + 7) & ~7);
      buffer.put(offset, data);
      buffer.putLong(slot, ((long) offset << 32) | data.length);
    }

    private void writeDecimal(int slot, AtomicType type, BigDecimal value) {
      BigDecimal scaled = value.setScale(type.scale(), RoundingMode.HALF_UP);
      if (scaled.precision() > type.precision()) {
        throw new IllegalArgumentException(
            value + " does not fit into precision " + type.precision());
      }
      if (isCompactDecimal(type.precision())) {
        buffer.putLong(slot, scaled.unscaledValue().longValueExact());
        return;
      }
      byte[] bytes = scaled.unscaledValue().toByteArray();
      int offset = reserve(16);
      buffer.put(offset, bytes);
      buffer.putLong(slot, ((long) offset << 32) | bytes.length);
    }

    private void writeTimestamp(int slot, int precision, long[] ts) {
      if (isCompactTimestamp(precision)) {
        buffer.putLong(slot, ts[0]);
        return;
      }
      int offset = reserve(8);
      buffer.putLong(offset, ts[0]);
      buffer.putLong(slot, ((long) offset << 32) | ts[1]);
    }
  }

  /** {millis, nanoOfMillisecond} as Paimon's {@code Timestamp.fromLocalDateTime}. */
  private static long[] fromLocalDateTime(LocalDateTime t) {
    long nanoOfDay = t.toLocalTime().toNanoOfDay();
    return new long[] {
      t.toLocalDate().toEpochDay() * 86_400_000L + nanoOfDay / 1_000_000, nanoOfDay % 1_000_000
    };
  }

  /** {millis, nanoOfMillisecond} as Paimon's {@code Timestamp.fromInstant}. */
  private static long[] fromInstant(Instant t) {
    return new long[] {
      t.getEpochSecond() * 1000 + t.getNano() / 1_000_000, t.getNano() % 1_000_000
    };
  }
}
