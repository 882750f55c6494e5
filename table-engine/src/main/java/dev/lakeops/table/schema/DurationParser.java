package dev.lakeops.table.schema;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * Parses durations in Paimon's option syntax: digits, optional whitespace and a unit {@code d|day},
 * {@code h|hour}, {@code min|m|minute}, {@code s|sec|second}, {@code ms|milli|millisecond}, {@code
 * us|µs|micro|microsecond}, {@code ns|nano|nanosecond} (plural forms too, case-insensitive); no
 * unit means milliseconds. {@code 1 h}, {@code 30min}, {@code 10 s}.
 */
public final class DurationParser {

  private DurationParser() {}

  /**
   * @throws IllegalArgumentException not a duration; the message quotes the text
   */
  public static Duration parse(String text) {
    String trimmed = text.trim();
    int i = 0;
    while (i < trimmed.length() && Character.isDigit(trimmed.charAt(i))) {
      i++;
    }
    if (i == 0) {
      throw new IllegalArgumentException(
          "Invalid duration '" + text + "': expected digits then a unit such as 'min'");
    }
    String unit = trimmed.substring(i).trim().toLowerCase(Locale.ROOT);
    ChronoUnit chronoUnit =
        switch (unit) {
          case "", "ms", "milli", "millis", "millisecond", "milliseconds" -> ChronoUnit.MILLIS;
          case "d", "day", "days" -> ChronoUnit.DAYS;
          case "h", "hour", "hours" -> ChronoUnit.HOURS;
          case "min", "m", "minute", "minutes" -> ChronoUnit.MINUTES;
          case "s", "sec", "secs", "second", "seconds" -> ChronoUnit.SECONDS;
          case "us", "µs", "micro", "micros", "microsecond", "microseconds" -> ChronoUnit.MICROS;
          case "ns", "nano", "nanos", "nanosecond", "nanoseconds" -> ChronoUnit.NANOS;
          default ->
              throw new IllegalArgumentException(
                  "Invalid duration '" + text + "': unknown unit '" + unit + "'");
        };
    try {
      return Duration.of(Long.parseLong(trimmed.substring(0, i)), chronoUnit);
    } catch (ArithmeticException | NumberFormatException e) {
      throw new IllegalArgumentException("Invalid duration '" + text + "': too large", e);
    }
  }
}
