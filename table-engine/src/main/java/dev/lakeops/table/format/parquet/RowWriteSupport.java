package dev.lakeops.table.format.parquet;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.TimeConversions;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.Map;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Emits {@link Row}s into parquet-java's record consumer in the shape of {@link
 * ParquetSchemas#toParquet}.
 */
final class RowWriteSupport extends WriteSupport<Row> {

  private static final long JULIAN_EPOCH_DAY = 2_440_588L;

  private final RowType rowType;
  private final MessageType schema;
  private RecordConsumer consumer;

  RowWriteSupport(RowType rowType) {
    this.rowType = rowType;
    this.schema = ParquetSchemas.toParquet(rowType);
  }

  @Override
  public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
    return new WriteContext(schema, Map.of());
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return new WriteContext(schema, Map.of());
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.consumer = recordConsumer;
  }

  /**
   * Walks {@code row} without writing anything. parquet-java gives up on a file once a write
   * throws, so every row is checked with this first.
   *
   * @throws IllegalArgumentException a value does not fit its column
   */
  void validate(Row row) {
    if (row.arity() != rowType.arity()) {
      throw new IllegalArgumentException(
          "Invalid row arity " + row.arity() + " for columns " + rowType.fieldNames());
    }
    writeMessage(row, DiscardingConsumer.INSTANCE);
  }

  /** Requires: {@link #validate} accepted {@code row}. */
  @Override
  public void write(Row row) {
    writeMessage(row, consumer);
  }

  private void writeMessage(Row row, RecordConsumer out) {
    out.startMessage();
    writeFields(row, rowType, "", out);
    out.endMessage();
  }

  private static void writeFields(Row row, RowType type, String prefix, RecordConsumer out) {
    for (int i = 0; i < type.arity(); i++) {
      DataField field = type.fields().get(i);
      Object value = row.get(i);
      // top-level columns are named as their field: no string is built per value
      String column = prefix.isEmpty() ? field.name() : prefix + field.name();
      if (value == null) {
        checkNullable(field.type(), column);
        continue;
      }
      out.startField(field.name(), i);
      writeValue(value, field.type(), column, out);
      out.endField(field.name(), i);
    }
  }

  private static void writeValue(Object value, DataType type, String column, RecordConsumer out) {
    try {
      if (type instanceof RowType row) {
        Row nested = (Row) value;
        if (nested.arity() != row.arity()) {
          throw invalid(column, type, value, "has arity " + nested.arity());
        }
        out.startGroup();
        writeFields(nested, row, column + ".", out);
        out.endGroup();
      } else if (type instanceof ArrayType array) {
        writeList((Collection<?>) value, array, column, out);
      } else if (type instanceof MapType map) {
        writeMap((Map<?, ?>) value, map, column, out);
      } else {
        writeAtomic(value, (AtomicType) type, column, out);
      }
    } catch (ClassCastException e) {
      throw invalid(column, type, value, "is a " + value.getClass().getName());
    }
  }

  private static void writeList(
      Collection<?> items, ArrayType array, String column, RecordConsumer out) {
    out.startGroup();
    if (!items.isEmpty()) {
      out.startField("list", 0);
      for (Object item : items) {
        out.startGroup();
        if (item == null) {
          checkNullable(array.element(), column + "[]");
        } else {
          out.startField("element", 0);
          writeValue(item, array.element(), column + "[]", out);
          out.endField("element", 0);
        }
        out.endGroup();
      }
      out.endField("list", 0);
    }
    out.endGroup();
  }

  private static void writeMap(Map<?, ?> entries, MapType map, String column, RecordConsumer out) {
    out.startGroup();
    if (!entries.isEmpty()) {
      out.startField("key_value", 0);
      for (Map.Entry<?, ?> e : entries.entrySet()) {
        out.startGroup();
        if (e.getKey() == null) {
          throw invalid(column, map, "{null=...}", "has a null key, which Parquet cannot store");
        }
        out.startField("key", 0);
        writeValue(e.getKey(), map.key(), column + "{key}", out);
        out.endField("key", 0);
        if (e.getValue() == null) {
          checkNullable(map.value(), column + "{value}");
        } else {
          out.startField("value", 1);
          writeValue(e.getValue(), map.value(), column + "{value}", out);
          out.endField("value", 1);
        }
        out.endGroup();
      }
      out.endField("key_value", 0);
    }
    out.endGroup();
  }

  private static void writeAtomic(
      Object value, AtomicType type, String column, RecordConsumer out) {
    switch (type.root()) {
      case BOOLEAN -> out.addBoolean((Boolean) value);
      case TINYINT -> out.addInteger((Byte) value);
      case SMALLINT -> out.addInteger((Short) value);
      case INT -> out.addInteger((Integer) value);
      case BIGINT -> out.addLong((Long) value);
      case FLOAT -> out.addFloat((Float) value);
      case DOUBLE -> out.addDouble((Double) value);
      case DECIMAL -> writeDecimal((BigDecimal) value, type, column, out);
      case CHAR, VARCHAR -> {
        String s = (String) value;
        // the validating dry run checks the type only: encoding to UTF-8 twice per value cost a
        // tenth of a Parquet write
        if (out != DiscardingConsumer.INSTANCE) {
          out.addBinary(Binary.fromString(s));
        }
      }
      case BINARY, VARBINARY -> out.addBinary(Binary.fromConstantByteArray((byte[]) value));
      case DATE -> out.addInteger(TimeConversions.toEpochDay((LocalDate) value));
      case TIME -> out.addInteger(TimeConversions.toMillisOfDay((LocalTime) value));
      case TIMESTAMP, TIMESTAMP_LTZ -> writeTimestamp(value, type, column, out);
    }
  }

  private static void writeDecimal(
      BigDecimal value, AtomicType type, String column, RecordConsumer out) {
    BigDecimal scaled;
    try {
      scaled = value.setScale(type.scale(), RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw invalid(column, type, value, "has scale " + value.scale());
    }
    if (scaled.precision() > type.precision()) {
      throw invalid(column, type, value, "has precision " + scaled.precision());
    }
    if (type.precision() <= 9) {
      out.addInteger(scaled.unscaledValue().intValueExact());
    } else if (type.precision() <= 18) {
      out.addLong(scaled.unscaledValue().longValueExact());
    } else {
      byte[] minimal = scaled.unscaledValue().toByteArray();
      byte[] fixed = new byte[ParquetSchemas.decimalBytes(type.precision())];
      byte pad = (byte) (minimal[0] < 0 ? 0xff : 0);
      java.util.Arrays.fill(fixed, 0, fixed.length - minimal.length, pad);
      System.arraycopy(minimal, 0, fixed, fixed.length - minimal.length, minimal.length);
      out.addBinary(Binary.fromConstantByteArray(fixed));
    }
  }

  private static void writeTimestamp(
      Object value, AtomicType type, String column, RecordConsumer out) {
    Instant instant =
        type.root() == TypeRoot.TIMESTAMP_LTZ
            ? (Instant) value
            : ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
    if (type.precision() > 6) {
      // INT96: nanosecond of day (little-endian long), then Julian day (little-endian int).
      long epochDay = Math.floorDiv(instant.getEpochSecond(), 86_400L);
      long nanosOfDay =
          Math.floorMod(instant.getEpochSecond(), 86_400L) * 1_000_000_000L + instant.getNano();
      ByteBuffer buffer = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
      buffer.putLong(nanosOfDay).putInt((int) (epochDay + JULIAN_EPOCH_DAY));
      out.addBinary(Binary.fromConstantByteArray(buffer.array()));
      return;
    }
    try {
      out.addLong(TimeConversions.toEpoch(instant, type.precision()));
    } catch (ArithmeticException e) {
      throw invalid(column, type, value, "is out of range");
    }
  }

  private static void checkNullable(DataType type, String column) {
    if (!type.nullable()) {
      throw new IllegalArgumentException(
          "Null value for NOT NULL column " + column + " (" + type.asSql() + ")");
    }
  }

  private static IllegalArgumentException invalid(
      String column, DataType type, Object value, String problem) {
    String shown = value instanceof byte[] b ? b.length + " bytes" : String.valueOf(value);
    if (shown.length() > 64) {
      shown = shown.substring(0, 64) + "...";
    }
    return new IllegalArgumentException(
        "Invalid value for column " + column + " (" + type.asSql() + "): " + shown + " " + problem);
  }

  /** Accepts every call and keeps nothing: the dry run that validates a row. */
  private static final class DiscardingConsumer extends RecordConsumer {
    static final DiscardingConsumer INSTANCE = new DiscardingConsumer();

    @Override
    public void startMessage() {}

    @Override
    public void endMessage() {}

    @Override
    public void startField(String field, int index) {}

    @Override
    public void endField(String field, int index) {}

    @Override
    public void startGroup() {}

    @Override
    public void endGroup() {}

    @Override
    public void addInteger(int value) {}

    @Override
    public void addLong(long value) {}

    @Override
    public void addBoolean(boolean value) {}

    @Override
    public void addBinary(Binary value) {}

    @Override
    public void addFloat(float value) {}

    @Override
    public void addDouble(double value) {}
  }
}
