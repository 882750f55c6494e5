package dev.lakeops.tools.change;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The keys whose values differ between two maps, each as {@code before → after} ({@code (unset)}
 * for a missing key).
 */
final class MapDiff {

  static final String UNSET = "(unset)";

  private MapDiff() {}

  static <V> Map<String, String> of(Map<String, V> before, Map<String, V> after) {
    Set<String> keys = new LinkedHashSet<>(before.keySet());
    keys.addAll(after.keySet());
    Map<String, String> diff = new LinkedHashMap<>();
    for (String k : keys) {
      V a = before.get(k);
      V b = after.get(k);
      if (!Objects.equals(a, b)) {
        diff.put(k, arrow(a, b));
      }
    }
    return diff;
  }

  static String arrow(Object before, Object after) {
    return (before == null ? UNSET : before.toString())
        + " → "
        + (after == null ? UNSET : after.toString());
  }

  /** The first {@code max} entries as {@code key before → after}, then how many more. */
  static String describe(Map<String, String> diff, int max) {
    StringBuilder s = new StringBuilder();
    int n = 0;
    for (Map.Entry<String, String> e : diff.entrySet()) {
      if (n == max) {
        s.append(", and ").append(diff.size() - max).append(" more");
        break;
      }
      s.append(n == 0 ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue());
      n++;
    }
    return s.toString();
  }
}
