package dev.lakeops.runbooks.action;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What an action did, under the keys its {@link Preview} used.
 *
 * @param summary one line for a person
 * @param items named lists, e.g. {@code snapshots removed}
 * @param figures named numbers, e.g. {@code bytes removed}
 */
public record ActionOutcome(
    String summary, SortedMap<String, List<String>> items, SortedMap<String, Long> figures) {

  public ActionOutcome {
    requireNonNull(summary, "summary");
    items = Preview.copy(items);
    figures = Collections.unmodifiableSortedMap(new TreeMap<>(figures));
  }

  public ActionOutcome(String summary, Map<String, List<String>> items, Map<String, Long> figures) {
    this(summary, new TreeMap<>(items), new TreeMap<>(figures));
  }

  public List<String> items(String key) {
    return items.getOrDefault(key, List.of());
  }
}
