package dev.lakeops.cli.common;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code 500ms}, {@code 5s}, {@code 2m} or ISO-8601 ({@code PT5S}); positive only. */
public final class DurationConverter implements ITypeConverter<Duration> {

  private static final Pattern SHORT = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

  @Override
  public Duration convert(String value) {
    String v = value.strip().toLowerCase(java.util.Locale.ROOT);
    Matcher m = SHORT.matcher(v);
    Duration d;
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      d =
          switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
          };
    } else {
      try {
        d = Duration.parse(value.strip().toUpperCase(java.util.Locale.ROOT));
      } catch (RuntimeException e) {
        throw new TypeConversionException(
            "'" + value + "' is not a duration (examples: 500ms, 5s, 2m)");
      }
    }
    if (d.isZero() || d.isNegative()) {
      throw new TypeConversionException("'" + value + "' must be a positive duration");
    }
    return d;
  }
}
