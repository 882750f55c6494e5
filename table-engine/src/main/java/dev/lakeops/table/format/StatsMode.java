package dev.lakeops.table.format;

import static java.util.Objects.requireNonNull;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What statistics to keep for a column: option {@code metadata.stats-mode} (default {@code
 * truncate(16)}) or {@code fields.<name>.stats-mode} (source: Paimon {@code
 * SimpleColStatsCollector}).
 *
 * @param kind none, null counts only, truncated min/max, or full min/max
 * @param length for {@link Kind#TRUNCATE}, the number of characters kept; 0 otherwise
 */
public record StatsMode(Kind kind, int length) {

  public enum Kind {
    NONE,
    COUNTS,
    TRUNCATE,
    FULL
  }

  public static final StatsMode NONE = new StatsMode(Kind.NONE, 0);
  public static final StatsMode COUNTS = new StatsMode(Kind.COUNTS, 0);
  public static final StatsMode FULL = new StatsMode(Kind.FULL, 0);

  /** Paimon's default. */
  public static final StatsMode DEFAULT = truncate(16);

  private static final Pattern TRUNCATE = Pattern.compile("truncate\\((\\d{1,9})\\)");

  public StatsMode {
    requireNonNull(kind, "kind");
    if (kind == Kind.TRUNCATE && length < 1) {
      throw new IllegalArgumentException("Invalid truncate length: " + length + " (must be >= 1)");
    }
    if (kind != Kind.TRUNCATE && length != 0) {
      throw new IllegalArgumentException("Stats mode " + kind + " takes no length: " + length);
    }
  }

  public static StatsMode truncate(int length) {
    return new StatsMode(Kind.TRUNCATE, length);
  }

  /**
   * Parses {@code none}, {@code counts}, {@code full} or {@code truncate(<n>)}, case-insensitively.
   */
  public static StatsMode parse(String option) {
    String text = option.trim().toLowerCase(Locale.ROOT);
    return switch (text) {
      case "none" -> NONE;
      case "counts" -> COUNTS;
      case "full" -> FULL;
      default -> {
        Matcher m = TRUNCATE.matcher(text);
        if (!m.matches()) {
          throw new IllegalArgumentException(
              "Invalid stats mode: '" + option + "' (none, counts, full or truncate(<n>))");
        }
        yield truncate(Integer.parseInt(m.group(1)));
      }
    };
  }

  boolean keepsMinMax() {
    return kind == Kind.TRUNCATE || kind == Kind.FULL;
  }

  @Override
  public String toString() {
    return kind == Kind.TRUNCATE
        ? "truncate(" + length + ")"
        : kind.name().toLowerCase(Locale.ROOT);
  }
}
