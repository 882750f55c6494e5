package dev.lakeops.tools.flink;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Builds a finding's evidence map: numbers formatted once, the same way, nulls left out. */
final class Evidence {

  private final Map<String, String> values = new LinkedHashMap<>();

  Evidence put(String key, @Nullable Object value) {
    if (value != null) {
      values.put(key, value instanceof Double d ? number(d) : value.toString());
    }
    return this;
  }

  Map<String, String> map() {
    return values;
  }

  /** One decimal at most; whole numbers without a fraction. */
  static String number(double value) {
    double rounded = Math.round(value * 10) / 10.0;
    return rounded == Math.rint(rounded) && Math.abs(rounded) < 1e15
        ? Long.toString((long) rounded)
        : Double.toString(rounded);
  }

  /** A duration in millis as a short human form, e.g. {@code 95 s}, {@code 12 min}. */
  static String duration(long millis) {
    if (millis < 10_000) {
      return millis + " ms";
    }
    if (millis < 600_000) {
      return (millis / 1000) + " s";
    }
    if (millis < 10 * 3_600_000L) {
      return (millis / 60_000) + " min";
    }
    return (millis / 3_600_000L) + " h";
  }
}
