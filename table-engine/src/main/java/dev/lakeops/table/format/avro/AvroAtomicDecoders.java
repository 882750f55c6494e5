package dev.lakeops.table.format.avro;

import static dev.lakeops.table.format.avro.AvroRowReader.expect;

import dev.lakeops.table.format.TimeConversions;
import dev.lakeops.table.format.avro.AvroRowReader.ValueDecoder;
import dev.lakeops.table.types.AtomicType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import org.apache.avro.LogicalType;
import org.apache.avro.Schema;

/**
 * Decoders of atomic values from the Avro types Paimon stores them as (paimon-format.md §13.3),
 * accepting Avro's usual promotions (int to long, float to double, fixed for bytes).
 */
final class AvroAtomicDecoders {

  private AvroAtomicDecoders() {}

  /**
   * @throws AvroRowReader.SchemaMismatchException {@code writer} cannot hold {@code type}
   */
  static ValueDecoder of(Schema writer, AtomicType type, String column) {
    Schema.Type stored = writer.getType();
    return switch (type.root()) {
      case BOOLEAN -> {
        expect(writer, column, type, Schema.Type.BOOLEAN);
        yield AvroBinaryInput::readBoolean;
      }
      case TINYINT -> {
        expect(writer, column, type, Schema.Type.INT);
        yield in -> (byte) checkRange(in, column, in.readInt(), Byte.MIN_VALUE, Byte.MAX_VALUE);
      }
      case SMALLINT -> {
        expect(writer, column, type, Schema.Type.INT);
        yield in -> (short) checkRange(in, column, in.readInt(), Short.MIN_VALUE, Short.MAX_VALUE);
      }
      case INT -> {
        expect(writer, column, type, Schema.Type.INT);
        yield AvroBinaryInput::readInt;
      }
      case BIGINT -> {
        if (stored == Schema.Type.INT) {
          yield in -> (long) in.readInt();
        }
        expect(writer, column, type, Schema.Type.LONG);
        yield AvroBinaryInput::readLong;
      }
      case FLOAT -> {
        expect(writer, column, type, Schema.Type.FLOAT);
        yield AvroBinaryInput::readFloat;
      }
      case DOUBLE -> {
        if (stored == Schema.Type.FLOAT) {
          yield in -> (double) in.readFloat();
        }
        expect(writer, column, type, Schema.Type.DOUBLE);
        yield AvroBinaryInput::readDouble;
      }
      case DECIMAL -> decimal(writer, type, column);
      case CHAR, VARCHAR -> {
        expect(writer, column, type, Schema.Type.STRING);
        yield AvroBinaryInput::readString;
      }
      case BINARY, VARBINARY -> {
        if (stored == Schema.Type.FIXED) {
          int size = writer.getFixedSize();
          yield in -> in.readFixed(size);
        }
        expect(writer, column, type, Schema.Type.BYTES);
        yield AvroBinaryInput::readBytes;
      }
      case DATE -> {
        expect(writer, column, type, Schema.Type.INT);
        yield in -> TimeConversions.fromEpochDay(in.readInt());
      }
      case TIME -> {
        expect(writer, column, type, Schema.Type.INT);
        yield in -> {
          int millis = in.readInt();
          try {
            return TimeConversions.fromMillisOfDay(millis);
          } catch (DateTimeException e) {
            throw new AvroDecodeException(
                "TIME value " + millis + " ms of column " + column + " is not within a day");
          }
        };
      }
      case TIMESTAMP -> {
        expect(writer, column, type, Schema.Type.LONG);
        int precision = storedPrecision(writer, type);
        yield in -> TimeConversions.localDateTimeFromEpoch(in.readLong(), precision);
      }
      case TIMESTAMP_LTZ -> {
        expect(writer, column, type, Schema.Type.LONG);
        int precision = storedPrecision(writer, type);
        yield in -> TimeConversions.instantFromEpoch(in.readLong(), precision);
      }
    };
  }

  private static ValueDecoder decimal(Schema writer, AtomicType type, String column) {
    int scale = type.scale();
    ValueDecoder bytes;
    if (writer.getType() == Schema.Type.FIXED) {
      int size = writer.getFixedSize();
      bytes = in -> in.readFixed(size);
    } else {
      expect(writer, column, type, Schema.Type.BYTES);
      bytes = AvroBinaryInput::readBytes;
    }
    return in -> {
      byte[] unscaled = (byte[]) bytes.decode(in);
      if (unscaled.length == 0) {
        throw new AvroDecodeException(
            "empty DECIMAL value of column " + column + " at " + in.position());
      }
      return new BigDecimal(new BigInteger(unscaled), scale);
    };
  }

  /**
   * The unit of a stored timestamp: its logical type when present, the column precision otherwise.
   */
  private static int storedPrecision(Schema writer, AtomicType type) {
    LogicalType logical = writer.getLogicalType();
    String name = logical != null ? logical.getName() : writer.getProp("logicalType");
    if (name != null && name.endsWith("-millis")) {
      return 3;
    }
    if (name != null && name.endsWith("-micros")) {
      return 6;
    }
    return Math.min(type.precision(), 6);
  }

  private static int checkRange(AvroBinaryInput in, String column, int value, int min, int max) {
    if (value < min || value > max) {
      throw new AvroDecodeException(
          "value " + value + " of column " + column + " is out of range at " + in.position());
    }
    return value;
  }
}
