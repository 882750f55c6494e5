package dev.lakeops.table.format;

import org.jspecify.annotations.Nullable;

/**
 * Truncated string bounds for {@code truncate(n)} statistics (source: Paimon {@code
 * TruncateSimpleColStatsCollector}; measured {@code a-long-string-value} → min {@code
 * a-long-string-va}, max {@code a-long-string-vb}). Lengths count code points.
 */
final class StringBounds {

  private StringBounds() {}

  /** The first {@code length} code points: never greater than {@code value}. */
  static String lowerBound(String value, int length) {
    if (value.codePointCount(0, value.length()) <= length) {
      return value;
    }
    return value.substring(0, value.offsetByCodePoints(0, length));
  }

  /**
   * The first {@code length} code points with the last one incremented: greater than every string
   * that starts with them. A code point that cannot be incremented (U+10FFFF) is dropped and the
   * one before it incremented; null when none can be.
   */
  static @Nullable String upperBound(String value, int length) {
    if (value.codePointCount(0, value.length()) <= length) {
      return value;
    }
    int[] codePoints = value.codePoints().limit(length).toArray();
    for (int i = codePoints.length - 1; i >= 0; i--) {
      int next = codePoints[i] + 1;
      if (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE) {
        next = Character.MAX_SURROGATE + 1;
      }
      if (next <= Character.MAX_CODE_POINT) {
        codePoints[i] = next;
        return new String(codePoints, 0, i + 1);
      }
    }
    return null;
  }
}
