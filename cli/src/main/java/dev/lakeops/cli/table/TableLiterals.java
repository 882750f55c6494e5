package dev.lakeops.cli.table;

import dev.lakeops.table.types.AtomicType;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Base64;
import java.util.Locale;

/**
 * Values of atomic columns written as text, as {@code --where} and {@code table write} read them:
 * strings as written; numbers, {@code true}/{@code false} and ISO dates, times and timestamps
 * without surrounding blanks ({@code 2024-01-01 12:00:00} too); a TIMESTAMP_LTZ with {@code Z} or
 * an offset, else in {@code zone}; binaries as base64. Literals only: nothing is evaluated.
 */
final class TableLiterals {

  private TableLiterals() {}

  /**
   * The value {@code text} stands for in a column of {@code type}.
   *
   * @throws NumberFormatException not a number of the type, or neither true nor false for a BOOLEAN
   * @throws DateTimeException not an ISO date, time or timestamp
   * @throws IllegalArgumentException not base64 for a BINARY or VARBINARY
   */
  static Object parse(AtomicType type, String text, ZoneId zone) {
    String t = text.strip();
    return switch (type.root()) {
      case CHAR, VARCHAR -> text;
      case BOOLEAN -> bool(t);
      case TINYINT -> Byte.parseByte(t);
      case SMALLINT -> Short.parseShort(t);
      case INT -> Integer.parseInt(t);
      case BIGINT -> Long.parseLong(t);
      case FLOAT -> Float.parseFloat(t);
      case DOUBLE -> Double.parseDouble(t);
      case DECIMAL -> new BigDecimal(t);
      case DATE -> LocalDate.parse(t);
      case TIME -> LocalTime.parse(t);
      case TIMESTAMP -> LocalDateTime.parse(t.replace(' ', 'T'));
      case TIMESTAMP_LTZ -> instant(t, zone);
      case BINARY, VARBINARY -> Base64.getDecoder().decode(t);
    };
  }

  private static boolean bool(String t) {
    return switch (t.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new NumberFormatException("not true or false");
    };
  }

  private static Instant instant(String t, ZoneId zone) {
    String iso = t.replace(' ', 'T');
    if (iso.endsWith("Z")) {
      return Instant.parse(iso);
    }
    if (iso.matches(".*[+-]\\d{2}:\\d{2}$")) {
      return OffsetDateTime.parse(iso).toInstant();
    }
    return LocalDateTime.parse(iso).atZone(zone).toInstant();
  }
}
