package dev.lakeops.table.flink.data;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Serializes a {@link Row} as its kind, its arity and each value behind a one-byte tag for the Java
 * class the engine uses for the value's type (see {@link dev.lakeops.table.types.DataType}): nested
 * lists, maps and rows recurse. It needs no schema, so one serializer serves every table.
 *
 * <p>Written here because no Flink serializer fits: Flink's own {@code RowSerializer} is for {@code
 * org.apache.flink.types.Row} with a fixed field list, and Kryo, Flink's fallback for classes it
 * does not know, writes class names and deep-copies each row. Rows are immutable, so {@link
 * #copy(Row)} hands the same row on.
 */
public final class TableRowSerializer extends TypeSerializerSingleton<Row> {

  private static final long serialVersionUID = 1L;

  public static final TableRowSerializer INSTANCE = new TableRowSerializer();

  // far above any table's column count; a larger arity means the bytes are not a row
  private static final int MAX_ARITY = 100_000;

  // one value of a record Flink sends between tasks; larger means the bytes are not a row
  private static final int MAX_BYTES = 64 << 20;

  private static final byte NULL = 0;
  private static final byte BOOLEAN = 1;
  private static final byte TINYINT = 2;
  private static final byte SMALLINT = 3;
  private static final byte INT = 4;
  private static final byte BIGINT = 5;
  private static final byte FLOAT = 6;
  private static final byte DOUBLE = 7;
  private static final byte DECIMAL = 8;
  private static final byte STRING = 9;
  private static final byte BYTES = 10;
  private static final byte DATE = 11;
  private static final byte TIME = 12;
  private static final byte TIMESTAMP = 13;
  private static final byte TIMESTAMP_LTZ = 14;
  private static final byte ARRAY = 15;
  private static final byte MAP = 16;
  private static final byte ROW = 17;

  private TableRowSerializer() {}

  @Override
  public boolean isImmutableType() {
    return true;
  }

  @Override
  public Row createInstance() {
    return Row.of();
  }

  @Override
  public Row copy(Row from) {
    return from;
  }

  @Override
  public Row copy(Row from, Row reuse) {
    return from;
  }

  @Override
  public int getLength() {
    return -1;
  }

  /**
   * @throws IllegalArgumentException a value is of a class no table type uses; names the class and
   *     the field's position
   */
  @Override
  public void serialize(Row row, DataOutputView out) throws IOException {
    out.writeByte(row.kind().toByteValue());
    int arity = row.arity();
    out.writeInt(arity);
    for (int i = 0; i < arity; i++) {
      Object value = row.get(i);
      try {
        write(value, out);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("Invalid value of field " + i + ": " + e.getMessage());
      }
    }
  }

  private static void write(Object value, DataOutputView out) throws IOException {
    if (value == null) {
      out.writeByte(NULL);
    } else if (value instanceof Long) {
      out.writeByte(BIGINT);
      out.writeLong((Long) value);
    } else if (value instanceof Integer) {
      out.writeByte(INT);
      out.writeInt((Integer) value);
    } else if (value instanceof String) {
      byte[] utf8 = ((String) value).getBytes(StandardCharsets.UTF_8);
      out.writeByte(STRING);
      out.writeInt(utf8.length);
      out.write(utf8);
    } else if (value instanceof BigDecimal) {
      BigDecimal d = (BigDecimal) value;
      out.writeByte(DECIMAL);
      out.writeInt(d.scale());
      byte[] unscaled = d.unscaledValue().toByteArray();
      out.writeInt(unscaled.length);
      out.write(unscaled);
    } else if (value instanceof Boolean) {
      out.writeByte(BOOLEAN);
      out.writeBoolean((Boolean) value);
    } else if (value instanceof Byte) {
      out.writeByte(TINYINT);
      out.writeByte((Byte) value);
    } else if (value instanceof Short) {
      out.writeByte(SMALLINT);
      out.writeShort((Short) value);
    } else if (value instanceof Float) {
      out.writeByte(FLOAT);
      out.writeFloat((Float) value);
    } else if (value instanceof Double) {
      out.writeByte(DOUBLE);
      out.writeDouble((Double) value);
    } else if (value instanceof byte[]) {
      byte[] bytes = (byte[]) value;
      out.writeByte(BYTES);
      out.writeInt(bytes.length);
      out.write(bytes);
    } else if (value instanceof LocalDate) {
      out.writeByte(DATE);
      out.writeLong(((LocalDate) value).toEpochDay());
    } else if (value instanceof LocalTime) {
      out.writeByte(TIME);
      out.writeLong(((LocalTime) value).toNanoOfDay());
    } else if (value instanceof LocalDateTime) {
      LocalDateTime t = (LocalDateTime) value;
      out.writeByte(TIMESTAMP);
      out.writeLong(t.toLocalDate().toEpochDay());
      out.writeLong(t.toLocalTime().toNanoOfDay());
    } else if (value instanceof Instant) {
      Instant t = (Instant) value;
      out.writeByte(TIMESTAMP_LTZ);
      out.writeLong(t.getEpochSecond());
      out.writeInt(t.getNano());
    } else if (value instanceof List) {
      List<?> list = (List<?>) value;
      out.writeByte(ARRAY);
      out.writeInt(list.size());
      for (Object element : list) {
        write(element, out);
      }
    } else if (value instanceof Map) {
      Map<?, ?> map = (Map<?, ?>) value;
      out.writeByte(MAP);
      out.writeInt(map.size());
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        write(entry.getKey(), out);
        write(entry.getValue(), out);
      }
    } else if (value instanceof Row) {
      out.writeByte(ROW);
      INSTANCE.serialize((Row) value, out);
    } else {
      throw new IllegalArgumentException(
          value.getClass().getName() + " is not the Java class of any table type");
    }
  }

  /**
   * @throws IOException the bytes do not hold a row: an unknown kind or tag, or a negative length
   */
  @Override
  public Row deserialize(DataInputView in) throws IOException {
    byte kind = in.readByte();
    RowKind rowKind;
    try {
      rowKind = RowKind.fromByteValue(kind);
    } catch (IllegalArgumentException e) {
      throw new IOException("Invalid serialized row: kind byte " + kind, e);
    }
    int arity = length(in, "arity");
    if (arity > MAX_ARITY) {
      throw new IOException(
          "Invalid serialized row: arity " + arity + " (at most " + MAX_ARITY + ")");
    }
    Object[] values = new Object[arity];
    for (int i = 0; i < values.length; i++) {
      values[i] = read(in);
    }
    return Row.wrap(rowKind, values);
  }

  @Override
  public Row deserialize(Row reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  private static Object read(DataInputView in) throws IOException {
    byte tag = in.readByte();
    switch (tag) {
      case NULL:
        return null;
      case BOOLEAN:
        return in.readBoolean();
      case TINYINT:
        return in.readByte();
      case SMALLINT:
        return in.readShort();
      case INT:
        return in.readInt();
      case BIGINT:
        return in.readLong();
      case FLOAT:
        return in.readFloat();
      case DOUBLE:
        return in.readDouble();
      case DECIMAL:
        {
          int scale = in.readInt();
          byte[] unscaled = bytes(in, "decimal");
          if (unscaled.length == 0) {
            throw new IOException("Invalid serialized row: a decimal without digits");
          }
          return new BigDecimal(new BigInteger(unscaled), scale);
        }
      case STRING:
        return new String(bytes(in, "string"), StandardCharsets.UTF_8);
      case BYTES:
        return bytes(in, "binary");
      case DATE:
      case TIME:
      case TIMESTAMP:
      case TIMESTAMP_LTZ:
        try {
          return temporal(tag, in);
        } catch (DateTimeException | ArithmeticException e) {
          throw new IOException("Invalid serialized row: " + e.getMessage(), e);
        }
      case ARRAY:
        {
          int size = length(in, "array");
          List<Object> list = new ArrayList<>(Math.min(size, 1024));
          for (int i = 0; i < size; i++) {
            list.add(read(in));
          }
          return list;
        }
      case MAP:
        {
          int size = length(in, "map");
          Map<Object, Object> map = new LinkedHashMap<>();
          for (int i = 0; i < size; i++) {
            Object key = read(in);
            map.put(key, read(in));
          }
          return map;
        }
      case ROW:
        return INSTANCE.deserialize(in);
      default:
        throw new IOException("Invalid serialized row: unknown value tag " + tag);
    }
  }

  private static Object temporal(byte tag, DataInputView in) throws IOException {
    switch (tag) {
      case DATE:
        return LocalDate.ofEpochDay(in.readLong());
      case TIME:
        return LocalTime.ofNanoOfDay(in.readLong());
      case TIMESTAMP:
        return LocalDateTime.of(
            LocalDate.ofEpochDay(in.readLong()), LocalTime.ofNanoOfDay(in.readLong()));
      default:
        return Instant.ofEpochSecond(in.readLong(), in.readInt());
    }
  }

  private static byte[] bytes(DataInputView in, String what) throws IOException {
    int n = length(in, what);
    if (n > MAX_BYTES) {
      throw new IOException(
          "Invalid serialized row: " + what + " of " + n + " bytes (at most " + MAX_BYTES + ")");
    }
    byte[] bytes = new byte[n];
    in.readFully(bytes);
    return bytes;
  }

  private static int length(DataInputView in, String what) throws IOException {
    int n = in.readInt();
    if (n < 0) {
      throw new IOException("Invalid serialized row: " + what + " length " + n);
    }
    return n;
  }

  @Override
  public void copy(DataInputView source, DataOutputView target) throws IOException {
    serialize(deserialize(source), target);
  }

  @Override
  public TypeSerializerSnapshot<Row> snapshotConfiguration() {
    return new Snapshot();
  }

  /** The serializer's snapshot: it has no configuration, so any saved one restores it. */
  public static final class Snapshot extends SimpleTypeSerializerSnapshot<Row> {
    public Snapshot() {
      super(() -> INSTANCE);
    }
  }

  private Object readResolve() {
    return INSTANCE;
  }
}
