package dev.lakeops.table.schema;

import java.util.Locale;

/**
 * A number of bytes, parsed from Paimon's option syntax: digits, optional whitespace and a unit
 * {@code b|bytes}, {@code k|kb|kibibytes}, {@code m|mb|mebibytes}, {@code g|gb|gibibytes}, {@code
 * t|tb|tebibytes} (case-insensitive, powers of 1024); no unit means bytes.
 */
public record MemorySize(long bytes) {

  public MemorySize {
    if (bytes < 0) {
      throw new IllegalArgumentException("Invalid memory size: " + bytes + " bytes (must be >= 0)");
    }
  }

  public static MemorySize ofMebiBytes(long mebiBytes) {
    return new MemorySize(Math.multiplyExact(mebiBytes, 1L << 20));
  }

  /**
   * Parses {@code text} such as {@code 128 mb}.
   *
   * @throws IllegalArgumentException not a memory size; the message quotes the text
   */
  public static MemorySize parse(String text) {
    String trimmed = text.trim();
    int i = 0;
    while (i < trimmed.length() && Character.isDigit(trimmed.charAt(i))) {
      i++;
    }
    if (i == 0) {
      throw new IllegalArgumentException(
          "Invalid memory size '" + text + "': expected digits then a unit such as 'mb'");
    }
    String unit = trimmed.substring(i).trim().toLowerCase(Locale.ROOT);
    int shift =
        switch (unit) {
          case "", "b", "bytes" -> 0;
          case "k", "kb", "kibibytes" -> 10;
          case "m", "mb", "mebibytes" -> 20;
          case "g", "gb", "gibibytes" -> 30;
          case "t", "tb", "tebibytes" -> 40;
          default ->
              throw new IllegalArgumentException(
                  "Invalid memory size '" + text + "': unknown unit '" + unit + "'");
        };
    try {
      long number = Long.parseLong(trimmed.substring(0, i));
      if (number > (Long.MAX_VALUE >> shift)) {
        throw new NumberFormatException();
      }
      return new MemorySize(number << shift);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Invalid memory size '" + text + "': too large", e);
    }
  }

  public long mebiBytes() {
    return bytes >> 20;
  }

  @Override
  public String toString() {
    return bytes + " bytes";
  }
}
