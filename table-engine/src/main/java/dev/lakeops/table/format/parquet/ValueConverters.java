package dev.lakeops.table.format.parquet;

import dev.lakeops.table.format.TimeConversions;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.function.Consumer;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Converters from Parquet primitive values to the Java values of atomic types (see {@link
 * dev.lakeops.table.types.DataType}), for the physical types Paimon writes (§13.3) and the usual
 * alternatives (int64 TIME and TIMESTAMP NANOS, binary decimals).
 */
final class ValueConverters {

  /** Julian day number of 1970-01-01, the epoch of INT96 timestamps' day part. */
  private static final long JULIAN_EPOCH_DAY = 2_440_588L;

  private ValueConverters() {}

  /**
   * A converter that hands each value of {@code stored} to {@code sink} as a value of {@code type}.
   *
   * @throws ParquetDecodeException {@code stored} cannot hold {@code type}
   */
  static PrimitiveConverter of(
      PrimitiveType stored, AtomicType type, String column, Consumer<Object> sink) {
    boolean mutable = type.root() == TypeRoot.BINARY || type.root() == TypeRoot.VARBINARY;
    if (mutable || stored.getPrimitiveTypeName() == PrimitiveTypeName.BOOLEAN) {
      return convert(stored, type, column, sink);
    }
    DictionaryValues values = new DictionaryValues(sink, stored.getPrimitiveTypeName());
    values.plain = convert(stored, type, column, values);
    return values;
  }

  /**
   * Dictionary-aware conversion: a value of a dictionary-encoded page is converted once per
   * dictionary entry (strings decoded once, numbers boxed once) and the same immutable Java value
   * is handed out for every row that refers to the entry. Plain-encoded values are converted per
   * value.
   */
  private static final class DictionaryValues extends PrimitiveConverter
      implements Consumer<Object> {
    private final Consumer<Object> sink;
    private final PrimitiveTypeName physical;
    private PrimitiveConverter plain;
    private @org.jspecify.annotations.Nullable Dictionary dictionary;
    private Object[] converted = new Object[0];
    private Object last;

    DictionaryValues(Consumer<Object> sink, PrimitiveTypeName physical) {
      this.sink = sink;
      this.physical = physical;
    }

    /** Receives the value {@link #plain} converted. */
    @Override
    public void accept(Object value) {
      last = value;
    }

    @Override
    public boolean hasDictionarySupport() {
      return true;
    }

    @Override
    public void setDictionary(Dictionary value) {
      dictionary = value;
      converted = new Object[value.getMaxId() + 1];
    }

    @Override
    public void addValueFromDictionary(int id) {
      if (dictionary == null || id < 0 || id >= converted.length) {
        throw new ParquetDecodeException(
            "dictionary id "
                + id
                + " out of range (dictionary of "
                + converted.length
                + " entries)");
      }
      Object value = converted[id];
      if (value == null) {
        switch (physical) {
          case INT32 -> plain.addInt(dictionary.decodeToInt(id));
          case INT64 -> plain.addLong(dictionary.decodeToLong(id));
          case FLOAT -> plain.addFloat(dictionary.decodeToFloat(id));
          case DOUBLE -> plain.addDouble(dictionary.decodeToDouble(id));
          default -> plain.addBinary(dictionary.decodeToBinary(id));
        }
        value = last;
        converted[id] = value;
      }
      sink.accept(value);
    }

    @Override
    public void addBinary(Binary value) {
      plain.addBinary(value);
      sink.accept(last);
    }

    @Override
    public void addInt(int value) {
      plain.addInt(value);
      sink.accept(last);
    }

    @Override
    public void addLong(long value) {
      plain.addLong(value);
      sink.accept(last);
    }

    @Override
    public void addFloat(float value) {
      plain.addFloat(value);
      sink.accept(last);
    }

    @Override
    public void addDouble(double value) {
      plain.addDouble(value);
      sink.accept(last);
    }
  }

  private static PrimitiveConverter convert(
      PrimitiveType stored, AtomicType type, String column, Consumer<Object> sink) {
    PrimitiveTypeName physical = stored.getPrimitiveTypeName();
    return switch (type.root()) {
      case BOOLEAN -> {
        expect(stored, type, column, physical == PrimitiveTypeName.BOOLEAN);
        yield new PrimitiveConverter() {
          @Override
          public void addBoolean(boolean value) {
            sink.accept(value);
          }
        };
      }
      case TINYINT -> {
        expect(stored, type, column, physical == PrimitiveTypeName.INT32);
        yield ints(v -> sink.accept((byte) checkRange(v, Byte.MIN_VALUE, Byte.MAX_VALUE, column)));
      }
      case SMALLINT -> {
        expect(stored, type, column, physical == PrimitiveTypeName.INT32);
        yield ints(
            v -> sink.accept((short) checkRange(v, Short.MIN_VALUE, Short.MAX_VALUE, column)));
      }
      case INT -> {
        expect(stored, type, column, physical == PrimitiveTypeName.INT32);
        yield ints(sink::accept);
      }
      case BIGINT -> {
        expect(
            stored,
            type,
            column,
            physical == PrimitiveTypeName.INT64 || physical == PrimitiveTypeName.INT32);
        yield physical == PrimitiveTypeName.INT32
            ? ints(v -> sink.accept((long) v))
            : longs(sink::accept);
      }
      case FLOAT -> {
        expect(stored, type, column, physical == PrimitiveTypeName.FLOAT);
        yield new PrimitiveConverter() {
          @Override
          public void addFloat(float value) {
            sink.accept(value);
          }
        };
      }
      case DOUBLE -> {
        expect(
            stored,
            type,
            column,
            physical == PrimitiveTypeName.DOUBLE || physical == PrimitiveTypeName.FLOAT);
        yield new PrimitiveConverter() {
          @Override
          public void addDouble(double value) {
            sink.accept(value);
          }

          @Override
          public void addFloat(float value) {
            sink.accept((double) value);
          }
        };
      }
      case DECIMAL -> decimal(stored, type, column, sink);
      case CHAR, VARCHAR -> {
        expect(stored, type, column, isBinary(physical));
        yield binaries(b -> sink.accept(b.toStringUsingUTF8()));
      }
      case BINARY, VARBINARY -> {
        expect(stored, type, column, isBinary(physical));
        yield binaries(b -> sink.accept(b.getBytes()));
      }
      case DATE -> {
        expect(stored, type, column, physical == PrimitiveTypeName.INT32);
        yield ints(v -> sink.accept(TimeConversions.fromEpochDay(v)));
      }
      case TIME -> time(stored, type, column, sink);
      case TIMESTAMP, TIMESTAMP_LTZ -> timestamp(stored, type, column, sink);
    };
  }

  private static PrimitiveConverter decimal(
      PrimitiveType stored, AtomicType type, String column, Consumer<Object> sink) {
    int scale = type.scale();
    return switch (stored.getPrimitiveTypeName()) {
      case INT32 -> ints(v -> sink.accept(BigDecimal.valueOf(v, scale)));
      case INT64 -> longs(v -> sink.accept(BigDecimal.valueOf(v, scale)));
      case BINARY, FIXED_LEN_BYTE_ARRAY ->
          binaries(
              b -> {
                byte[] unscaled = b.getBytes();
                if (unscaled.length == 0) {
                  throw new ParquetDecodeException("empty DECIMAL value in column " + column);
                }
                sink.accept(new BigDecimal(new BigInteger(unscaled), scale));
              });
      default -> throw mismatch(stored, type, column);
    };
  }

  private static PrimitiveConverter time(
      PrimitiveType stored, AtomicType type, String column, Consumer<Object> sink) {
    if (stored.getPrimitiveTypeName() == PrimitiveTypeName.INT32) {
      return ints(v -> sink.accept(checkTime(column, () -> TimeConversions.fromMillisOfDay(v))));
    }
    expect(stored, type, column, stored.getPrimitiveTypeName() == PrimitiveTypeName.INT64);
    long nanosPerUnit = nanosPerUnit(unitOf(stored.getLogicalTypeAnnotation(), TimeUnit.MICROS));
    return longs(
        v ->
            sink.accept(
                checkTime(
                    column, () -> LocalTime.ofNanoOfDay(Math.multiplyExact(v, nanosPerUnit)))));
  }

  private static PrimitiveConverter timestamp(
      PrimitiveType stored, AtomicType type, String column, Consumer<Object> sink) {
    boolean local = type.root() == TypeRoot.TIMESTAMP;
    if (stored.getPrimitiveTypeName() == PrimitiveTypeName.INT96) {
      return binaries(
          b -> {
            if (b.length() != 12) {
              throw new ParquetDecodeException(
                  "INT96 timestamp of " + b.length() + " bytes in column " + column);
            }
            ByteBuffer buffer = b.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            long nanosOfDay = buffer.getLong();
            long epochDay = (buffer.getInt() & 0xffffffffL) - JULIAN_EPOCH_DAY;
            Instant instant =
                checkTime(
                    column,
                    () -> Instant.ofEpochSecond(Math.multiplyExact(epochDay, 86_400L), nanosOfDay));
            sink.accept(
                local
                    ? LocalDateTime.ofEpochSecond(
                        instant.getEpochSecond(), instant.getNano(), java.time.ZoneOffset.UTC)
                    : instant);
          });
    }
    expect(stored, type, column, stored.getPrimitiveTypeName() == PrimitiveTypeName.INT64);
    TimeUnit fallback =
        type.precision() <= 3
            ? TimeUnit.MILLIS
            : type.precision() <= 6 ? TimeUnit.MICROS : TimeUnit.NANOS;
    TimeUnit unit = unitOf(stored.getLogicalTypeAnnotation(), fallback);
    if (unit == TimeUnit.NANOS) {
      return longs(
          v -> {
            Instant instant =
                Instant.ofEpochSecond(
                    Math.floorDiv(v, 1_000_000_000L), Math.floorMod(v, 1_000_000_000L));
            sink.accept(
                local
                    ? LocalDateTime.ofEpochSecond(
                        instant.getEpochSecond(), instant.getNano(), java.time.ZoneOffset.UTC)
                    : instant);
          });
    }
    int precision = unit == TimeUnit.MILLIS ? 3 : 6;
    return longs(
        v ->
            sink.accept(
                local
                    ? TimeConversions.localDateTimeFromEpoch(v, precision)
                    : TimeConversions.instantFromEpoch(v, precision)));
  }

  private static TimeUnit unitOf(LogicalTypeAnnotation logical, TimeUnit fallback) {
    if (logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation ts) {
      return ts.getUnit();
    }
    if (logical instanceof LogicalTypeAnnotation.TimeLogicalTypeAnnotation time) {
      return time.getUnit();
    }
    return fallback;
  }

  private static long nanosPerUnit(TimeUnit unit) {
    return switch (unit) {
      case MILLIS -> 1_000_000L;
      case MICROS -> 1_000L;
      case NANOS -> 1L;
    };
  }

  private static <T> T checkTime(String column, java.util.function.Supplier<T> value) {
    try {
      return value.get();
    } catch (DateTimeException | ArithmeticException e) {
      throw new ParquetDecodeException(
          "time value out of range in column " + column + ": " + e.getMessage());
    }
  }

  private static int checkRange(int value, int min, int max, String column) {
    if (value < min || value > max) {
      throw new ParquetDecodeException("value " + value + " out of range in column " + column);
    }
    return value;
  }

  private static boolean isBinary(PrimitiveTypeName physical) {
    return physical == PrimitiveTypeName.BINARY
        || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
  }

  private static void expect(PrimitiveType stored, AtomicType type, String column, boolean ok) {
    if (!ok) {
      throw mismatch(stored, type, column);
    }
  }

  static ParquetDecodeException mismatch(
      org.apache.parquet.schema.Type stored, Object type, String column) {
    return new ParquetDecodeException(
        "column "
            + column
            + " is stored as '"
            + stored
            + "', which cannot be read as "
            + (type instanceof dev.lakeops.table.types.DataType t ? t.asSql() : type));
  }

  private interface IntSink {
    void accept(int value);
  }

  private interface LongSink {
    void accept(long value);
  }

  private static PrimitiveConverter ints(IntSink sink) {
    return new PrimitiveConverter() {
      @Override
      public void addInt(int value) {
        sink.accept(value);
      }
    };
  }

  private static PrimitiveConverter longs(LongSink sink) {
    return new PrimitiveConverter() {
      @Override
      public void addLong(long value) {
        sink.accept(value);
      }
    };
  }

  private static PrimitiveConverter binaries(Consumer<Binary> sink) {
    return new PrimitiveConverter() {
      @Override
      public void addBinary(Binary value) {
        sink.accept(value);
      }
    };
  }
}
