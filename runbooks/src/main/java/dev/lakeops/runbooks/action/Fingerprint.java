package dev.lakeops.runbooks.action;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The state an action assumes, read when it is proposed and again just before it runs: for a table
 * its latest snapshot, tags and schema; for a consumer group its state and committed offsets; for a
 * Flink job its state and last checkpoint. Keys are short labels a person reads ({@code latest
 * snapshot}); values are their text.
 */
public record Fingerprint(SortedMap<String, String> values) {

  public Fingerprint {
    values = Collections.unmodifiableSortedMap(new TreeMap<>(values));
  }

  public static Fingerprint of(Map<String, String> values) {
    return new Fingerprint(new TreeMap<>(values));
  }

  /**
   * What differs between this (proposed) state and {@code live}, one clause per label, such as
   * {@code latest snapshot 12 → 13}; empty when they match.
   */
  public List<String> differences(Fingerprint live) {
    List<String> out = new ArrayList<>();
    TreeSet<String> keys = new TreeSet<>(values.keySet());
    keys.addAll(live.values.keySet());
    for (String key : keys) {
      String was = values.getOrDefault(key, "(none)");
      String now = live.values.getOrDefault(key, "(none)");
      if (!was.equals(now)) {
        out.add(
            key
                + " "
                + (was.isEmpty() ? "(none)" : was)
                + " → "
                + (now.isEmpty() ? "(none)" : now));
      }
    }
    return out;
  }
}
