package dev.lakeops.tools.spec;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as runbook files and tool arguments write them: {@code 500ms}, {@code 30s}, {@code 2m},
 * {@code 1h}, or ISO-8601 ({@code PT30S}).
 */
public final class Durations {

  private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

  private Durations() {}

  /**
   * @throws IllegalArgumentException the text is neither form; the message quotes it
   */
  public static Duration parse(String text) {
    String t = text.strip();
    Matcher m = SHORT.matcher(t);
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      return switch (m.group(2)) {
        case "ms" -> Duration.ofMillis(n);
        case "s" -> Duration.ofSeconds(n);
        case "m" -> Duration.ofMinutes(n);
        default -> Duration.ofHours(n);
      };
    }
    try {
      return Duration.parse(t);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a duration (write e.g. 500ms, 30s, 2m, 1h)");
    }
  }
}
