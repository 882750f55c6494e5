package dev.lakeops.tools.kafka;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Defensive copies that also accept {@code null}: recorded JSON leaves out empty lists and maps.
 */
final class Copies {

  private Copies() {}

  static <T> List<T> list(List<T> values) {
    return values == null ? List.of() : List.copyOf(values);
  }

  static Map<String, String> map(Map<String, String> values) {
    return values == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }
}
