package dev.lakeops.cli.table;

import dev.lakeops.table.schema.DurationParser;
import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a retention or safety margin as Paimon writes durations ({@code 1d}, {@code 12h}, {@code
 * 30min}, {@code 90s}, {@code 500ms}) or ISO-8601 ({@code PT1H}, {@code P1D}); zero or more.
 */
final class TableDurationConverter implements ITypeConverter<Duration> {

  @Override
  public Duration convert(String value) {
    String v = value.strip();
    Duration d;
    try {
      d =
          v.toUpperCase(Locale.ROOT).startsWith("P")
              ? Duration.parse(v.toUpperCase(Locale.ROOT))
              : DurationParser.parse(v);
    } catch (RuntimeException e) {
      throw new TypeConversionException(
          "'" + value + "' is not a duration (examples: 1d, 12h, 30min, 90s, PT1H)");
    }
    if (d.isNegative()) {
      throw new TypeConversionException("'" + value + "' must not be negative");
    }
    return d;
  }
}
