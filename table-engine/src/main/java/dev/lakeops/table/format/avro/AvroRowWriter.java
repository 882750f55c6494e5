package dev.lakeops.table.format.avro;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.TimeConversions;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Collection;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;

/**
 * Encodes {@link Row}s of a row type in the binary form of {@link AvroSchemas#toAvro}, without
 * intermediate records. The encoders are built once per file type.
 */
final class AvroRowWriter implements DatumWriter<Row> {

  /** Writes one non-null value. */
  @FunctionalInterface
  private interface ValueEncoder {
    void encode(Object value, Encoder out) throws IOException;
  }

  private final RowType rowType;
  private final ValueEncoder[] fields;

  AvroRowWriter(RowType rowType) {
    this.rowType = rowType;
    this.fields = new ValueEncoder[rowType.arity()];
    for (int i = 0; i < fields.length; i++) {
      DataField f = rowType.fields().get(i);
      fields[i] = encoder(f.type(), f.name());
    }
  }

  @Override
  public void setSchema(Schema schema) {
    // The schema is derived from the row type; nothing to resolve.
  }

  @Override
  public void write(Row row, Encoder out) throws IOException {
    if (row.arity() != fields.length) {
      throw new IllegalArgumentException(
          "Invalid row arity " + row.arity() + " for columns " + rowType.fieldNames());
    }
    for (int i = 0; i < fields.length; i++) {
      fields[i].encode(row.get(i), out);
    }
  }

  /** An encoder that also handles null: the union index for nullable types, an error otherwise. */
  private static ValueEncoder encoder(DataType type, String column) {
    ValueEncoder notNull = notNullEncoder(type, column);
    ValueEncoder checked =
        (value, out) -> {
          try {
            notNull.encode(value, out);
          } catch (ClassCastException e) {
            throw invalid(column, type, value, "is a " + value.getClass().getName());
          }
        };
    if (type.nullable()) {
      return (value, out) -> {
        if (value == null) {
          out.writeIndex(0);
          out.writeNull();
        } else {
          out.writeIndex(1);
          checked.encode(value, out);
        }
      };
    }
    return (value, out) -> {
      if (value == null) {
        throw new IllegalArgumentException(
            "Null value for NOT NULL column " + column + " (" + type.asSql() + ")");
      }
      checked.encode(value, out);
    };
  }

  private static ValueEncoder notNullEncoder(DataType type, String column) {
    if (type instanceof RowType row) {
      ValueEncoder[] nested = new ValueEncoder[row.arity()];
      for (int i = 0; i < nested.length; i++) {
        DataField f = row.fields().get(i);
        nested[i] = encoder(f.type(), column + "." + f.name());
      }
      return (value, out) -> {
        Row r = (Row) value;
        if (r.arity() != nested.length) {
          throw invalid(column, type, value, "has arity " + r.arity());
        }
        for (int i = 0; i < nested.length; i++) {
          nested[i].encode(r.get(i), out);
        }
      };
    }
    if (type instanceof ArrayType array) {
      ValueEncoder element = encoder(array.element(), column + "[]");
      return (value, out) -> {
        Collection<?> items = (Collection<?>) value;
        out.writeArrayStart();
        out.setItemCount(items.size());
        for (Object item : items) {
          out.startItem();
          element.encode(item, out);
        }
        out.writeArrayEnd();
      };
    }
    if (type instanceof MapType map) {
      return mapEncoder(map, column);
    }
    return atomicEncoder((AtomicType) type, column);
  }

  private static ValueEncoder mapEncoder(MapType map, String column) {
    ValueEncoder valueEncoder = encoder(map.value(), column + "{value}");
    if (AvroSchemas.isString(map.key())) {
      return (value, out) -> {
        Map<?, ?> entries = (Map<?, ?>) value;
        out.writeMapStart();
        out.setItemCount(entries.size());
        for (Map.Entry<?, ?> e : entries.entrySet()) {
          if (e.getKey() == null) {
            throw invalid(
                column, map, "{null=...}", "has a null key, which an Avro map cannot store");
          }
          out.startItem();
          out.writeString((String) e.getKey());
          valueEncoder.encode(e.getValue(), out);
        }
        out.writeMapEnd();
      };
    }
    ValueEncoder keyEncoder = encoder(map.key(), column + "{key}");
    return (value, out) -> {
      Map<?, ?> entries = (Map<?, ?>) value;
      out.writeArrayStart();
      out.setItemCount(entries.size());
      for (Map.Entry<?, ?> e : entries.entrySet()) {
        out.startItem();
        keyEncoder.encode(e.getKey(), out);
        valueEncoder.encode(e.getValue(), out);
      }
      out.writeArrayEnd();
    };
  }

  private static ValueEncoder atomicEncoder(AtomicType type, String column) {
    return switch (type.root()) {
      case BOOLEAN -> (value, out) -> out.writeBoolean((Boolean) value);
      case TINYINT -> (value, out) -> out.writeInt((Byte) value);
      case SMALLINT -> (value, out) -> out.writeInt((Short) value);
      case INT -> (value, out) -> out.writeInt((Integer) value);
      case BIGINT -> (value, out) -> out.writeLong((Long) value);
      case FLOAT -> (value, out) -> out.writeFloat((Float) value);
      case DOUBLE -> (value, out) -> out.writeDouble((Double) value);
      case DECIMAL ->
          (value, out) -> out.writeBytes(unscaledBytes(column, type, (BigDecimal) value));
      case CHAR, VARCHAR -> (value, out) -> out.writeString((String) value);
      case BINARY, VARBINARY -> (value, out) -> out.writeBytes(ByteBuffer.wrap((byte[]) value));
      case DATE -> (value, out) -> out.writeInt(TimeConversions.toEpochDay((LocalDate) value));
      case TIME -> (value, out) -> out.writeInt(TimeConversions.toMillisOfDay((LocalTime) value));
      case TIMESTAMP -> (value, out) -> out.writeLong(epoch(column, type, value));
      case TIMESTAMP_LTZ -> (value, out) -> out.writeLong(epoch(column, type, value));
    };
  }

  private static long epoch(String column, AtomicType type, Object value) {
    try {
      return type.root() == TypeRoot.TIMESTAMP_LTZ
          ? TimeConversions.toEpoch((Instant) value, type.precision())
          : TimeConversions.toEpoch((LocalDateTime) value, type.precision());
    } catch (ArithmeticException e) {
      throw invalid(column, type, value, "is out of range");
    }
  }

  /**
   * The big-endian two's-complement unscaled value, as Avro's decimal logical type stores it.
   * Values with a smaller scale are widened; values that need more scale or precision are refused
   * rather than rounded.
   */
  static ByteBuffer unscaledBytes(String column, AtomicType type, BigDecimal value) {
    BigDecimal scaled;
    try {
      scaled = value.setScale(type.scale(), RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw invalid(column, type, value, "has scale " + value.scale());
    }
    if (scaled.precision() > type.precision()) {
      throw invalid(column, type, value, "has precision " + scaled.precision());
    }
    return ByteBuffer.wrap(scaled.unscaledValue().toByteArray());
  }

  static IllegalArgumentException invalid(
      String column, DataType type, Object value, String problem) {
    String shown = value instanceof byte[] b ? b.length + " bytes" : String.valueOf(value);
    if (shown.length() > 64) {
      shown = shown.substring(0, 64) + "...";
    }
    return new IllegalArgumentException(
        "Invalid value for column " + column + " (" + type.asSql() + "): " + shown + " " + problem);
  }
}
