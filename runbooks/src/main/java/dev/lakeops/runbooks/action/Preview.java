package dev.lakeops.runbooks.action;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What an action would do, computed from the live state without changing anything: the snapshots,
 * tags and files that would go, the consumers that would go backwards, per-partition offset deltas.
 * {@link ActionOutcome} reports what happened in the same shape, under the same keys, so a preview
 * and its outcome compare item by item.
 *
 * @param summary one line for a person
 * @param items named lists, e.g. {@code snapshots removed} → {@code [13, 14]}
 * @param figures named numbers, e.g. {@code bytes removed} → {@code 4096}
 */
public record Preview(
    String summary, SortedMap<String, List<String>> items, SortedMap<String, Long> figures) {

  public Preview {
    requireNonNull(summary, "summary");
    items = copy(items);
    figures = Collections.unmodifiableSortedMap(new TreeMap<>(figures));
  }

  public Preview(String summary, Map<String, List<String>> items, Map<String, Long> figures) {
    this(summary, new TreeMap<>(items), new TreeMap<>(figures));
  }

  public List<String> items(String key) {
    return items.getOrDefault(key, List.of());
  }

  static SortedMap<String, List<String>> copy(Map<String, List<String>> items) {
    TreeMap<String, List<String>> copy = new TreeMap<>();
    items.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    return Collections.unmodifiableSortedMap(copy);
  }
}
