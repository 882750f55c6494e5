package dev.lakeops.table.format;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * Java time values to and from the integers data files store: DATE as epoch days, TIME as
 * millisecond of day, TIMESTAMP (a {@link LocalDateTime}, read as UTC wall time) and TIMESTAMP_LTZ
 * (an {@link Instant}) as epoch milliseconds for precision ≤ 3 and microseconds for 4..6
 * (paimon-format.md §13.3). Digits below the stored unit are dropped.
 */
public final class TimeConversions {

  private TimeConversions() {}

  public static int toEpochDay(LocalDate date) {
    return Math.toIntExact(date.toEpochDay());
  }

  public static LocalDate fromEpochDay(int days) {
    return LocalDate.ofEpochDay(days);
  }

  public static int toMillisOfDay(LocalTime time) {
    return (int) (time.toNanoOfDay() / 1_000_000);
  }

  /**
   * @throws java.time.DateTimeException {@code millis} is not within one day
   */
  public static LocalTime fromMillisOfDay(int millis) {
    return LocalTime.ofNanoOfDay(millis * 1_000_000L);
  }

  /**
   * @throws ArithmeticException the value does not fit a long in that unit
   */
  public static long toEpoch(LocalDateTime value, int precision) {
    return toEpoch(value.toEpochSecond(ZoneOffset.UTC), value.getNano(), precision);
  }

  /**
   * @throws ArithmeticException the value does not fit a long in that unit
   */
  public static long toEpoch(Instant value, int precision) {
    return toEpoch(value.getEpochSecond(), value.getNano(), precision);
  }

  public static LocalDateTime localDateTimeFromEpoch(long value, int precision) {
    long unitsPerSecond = unitsPerSecond(precision);
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(value, unitsPerSecond),
        (int) (Math.floorMod(value, unitsPerSecond) * (1_000_000_000L / unitsPerSecond)),
        ZoneOffset.UTC);
  }

  public static Instant instantFromEpoch(long value, int precision) {
    long unitsPerSecond = unitsPerSecond(precision);
    return Instant.ofEpochSecond(
        Math.floorDiv(value, unitsPerSecond),
        Math.floorMod(value, unitsPerSecond) * (1_000_000_000L / unitsPerSecond));
  }

  /** 1000 for precision ≤ 3 (milliseconds), 1,000,000 for 4..6 (microseconds). */
  public static long unitsPerSecond(int precision) {
    if (precision < 0 || precision > 6) {
      throw new IllegalArgumentException(
          "Unsupported timestamp precision: " + precision + " (0..6 as millis or micros)");
    }
    return precision <= 3 ? 1_000L : 1_000_000L;
  }

  private static long toEpoch(long epochSecond, int nano, int precision) {
    long unitsPerSecond = unitsPerSecond(precision);
    return Math.addExact(
        Math.multiplyExact(epochSecond, unitsPerSecond), nano / (1_000_000_000L / unitsPerSecond));
  }
}
