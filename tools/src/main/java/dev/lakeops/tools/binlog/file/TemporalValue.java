package dev.lakeops.tools.binlog.file;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.jspecify.annotations.Nullable;

/**
 * A DATE, TIME or DATETIME value as the row image holds it. Fields are kept as stored because MySQL
 * accepts values {@code java.time} cannot hold: zero dates ({@code 0000-00-00}), zero months or
 * days, and TIME beyond 24 hours or negative. {@code toString()} is MySQL's text form.
 */
public sealed interface TemporalValue {

  /** DATE. */
  record Date(int year, int month, int day) implements TemporalValue {
    /** The date, or null when MySQL holds a value {@code LocalDate} cannot (zero parts). */
    public @Nullable LocalDate toLocalDate() {
      return valid(year, month, day) ? LocalDate.of(year, month, day) : null;
    }

    @Override
    public String toString() {
      return String.format("%04d-%02d-%02d", year, month, day);
    }
  }

  /** TIME / TIME2: a signed duration of up to 838:59:59.999999. */
  record Time(boolean negative, int hours, int minutes, int seconds, int micros)
      implements TemporalValue {
    /** Signed microseconds. */
    public long toMicros() {
      long micros = ((hours * 60L + minutes) * 60L + seconds) * 1_000_000L + this.micros;
      return negative ? -micros : micros;
    }

    /** The time of day, or null for a negative value or one of 24 hours or more. */
    public @Nullable LocalTime toLocalTime() {
      return !negative && hours < 24 && minutes < 60 && seconds < 60
          ? LocalTime.of(hours, minutes, seconds, micros * 1000)
          : null;
    }

    @Override
    public String toString() {
      return (negative ? "-" : "")
          + String.format("%02d:%02d:%02d", hours, minutes, seconds)
          + fraction(micros);
    }
  }

  /** DATETIME / DATETIME2: a wall-clock value with no time zone. */
  record DateTime(int year, int month, int day, int hour, int minute, int second, int micros)
      implements TemporalValue {
    /** The value, or null when MySQL holds one {@code LocalDateTime} cannot (zero parts). */
    public @Nullable LocalDateTime toLocalDateTime() {
      return valid(year, month, day) && hour < 24 && minute < 60 && second < 60
          ? LocalDateTime.of(year, month, day, hour, minute, second, micros * 1000)
          : null;
    }

    @Override
    public String toString() {
      return String.format("%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute, second)
          + fraction(micros);
    }
  }

  private static boolean valid(int year, int month, int day) {
    return year >= 1
        && month >= 1
        && month <= 12
        && day >= 1
        && day <= LocalDate.of(year, month, 1).lengthOfMonth();
  }

  private static String fraction(int micros) {
    return micros == 0 ? "" : String.format(".%06d", micros);
  }
}
