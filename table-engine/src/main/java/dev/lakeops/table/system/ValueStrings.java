package dev.lakeops.table.system;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Map;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Values as Paimon's system tables print them, in two styles (measured against Paimon 1.3.1):
 *
 * <ul>
 *   <li><b>cast</b>, as {@code CAST(x AS STRING)}: partitions in {@code $files}, {@code
 *       $partitions}, {@code $buckets}, {@code $manifests}. DATE {@code 2024-01-01}, TIMESTAMP(p)
 *       {@code 2024-01-01 12:00:00.000} with exactly p fraction digits, TIMESTAMP WITH LOCAL TIME
 *       ZONE likewise in the session zone, TIME {@code 01:02:03}.
 *   <li><b>internal</b>, as Paimon's internal data classes print: keys and statistics in {@code
 *       $files}. DATE as its epoch day, TIME as its millisecond of day, TIMESTAMP as ISO {@code
 *       2024-01-01T12:00}, TIMESTAMP WITH LOCAL TIME ZONE as the UTC wall time.
 * </ul>
 *
 * Null prints as {@code null} in both; binaries print as UTF-8 text when cast and as hex otherwise
 * (Paimon prints an array identity there, which no one can compare).
 */
final class ValueStrings {

  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private static final DateTimeFormatter TIME_SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss");

  private ValueStrings() {}

  /**
   * {@code {v1, v2}}: a partition, each value cast to string; {@code {}} for an unpartitioned
   * table.
   */
  static String partition(RowType type, Row partition, ZoneId zone) {
    StringJoiner joiner = new StringJoiner(", ", "{", "}");
    for (int i = 0; i < type.arity(); i++) {
      joiner.add(cast(atomic(type.typeAt(i)), partition.get(i), zone));
    }
    return joiner.toString();
  }

  /** {@code [v1, v2]}: a primary key, each value as its internal form prints. */
  static String key(RowType type, Row key) {
    StringJoiner joiner = new StringJoiner(", ", "[", "]");
    for (int i = 0; i < type.arity(); i++) {
      joiner.add(internal(atomic(type.typeAt(i)), key.get(i)));
    }
    return joiner.toString();
  }

  /**
   * {@code {a=1, b=x}}: a map's {@code toString}; callers pass a map sorted by column name, as
   * Paimon does.
   */
  static String map(Map<String, String> byColumn) {
    return byColumn.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", ", "{", "}"));
  }

  static String cast(AtomicType type, @Nullable Object value, ZoneId zone) {
    if (value == null) {
      return "null";
    }
    return switch (type.root()) {
      case DATE -> value.toString();
      case TIME ->
          withFraction(
              TIME_SECONDS.format((LocalTime) value),
              ((LocalTime) value).getNano(),
              Math.min(type.precision(), 3));
      case TIMESTAMP -> timestamp((LocalDateTime) value, type.precision());
      case TIMESTAMP_LTZ ->
          timestamp(LocalDateTime.ofInstant((Instant) value, zone), type.precision());
      case BINARY, VARBINARY -> new String((byte[]) value, StandardCharsets.UTF_8);
      case DECIMAL -> ((BigDecimal) value).toPlainString();
      default -> value.toString();
    };
  }

  static String internal(AtomicType type, @Nullable Object value) {
    if (value == null) {
      return "null";
    }
    return switch (type.root()) {
      case DATE -> Long.toString(((LocalDate) value).toEpochDay());
      case TIME -> Long.toString(((LocalTime) value).toNanoOfDay() / 1_000_000);
      case TIMESTAMP_LTZ -> LocalDateTime.ofInstant((Instant) value, ZoneOffset.UTC).toString();
      case BINARY, VARBINARY -> HexFormat.of().formatHex((byte[]) value);
      case DECIMAL -> ((BigDecimal) value).toPlainString();
      default -> value.toString();
    };
  }

  private static String timestamp(LocalDateTime t, int precision) {
    return withFraction(SECONDS.format(t), t.getNano(), precision);
  }

  private static String withFraction(String seconds, int nanos, int precision) {
    if (precision <= 0) {
      return seconds;
    }
    String fraction = String.format("%09d", nanos).substring(0, Math.min(precision, 9));
    return seconds + "." + fraction;
  }

  private static AtomicType atomic(DataType type) {
    if (type instanceof AtomicType atomic) {
      return atomic;
    }
    throw new IllegalArgumentException("Unsupported key or partition type: " + type.asSql());
  }
}
