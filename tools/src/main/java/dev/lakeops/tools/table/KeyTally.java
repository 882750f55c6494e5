package dev.lakeops.tools.table;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Counts occurrences of keys, remembering for each key only its first source until it is seen a
 * second time; then the sources of that key are kept. Keeps one small entry per distinct key, so
 * large tables with few duplicates stay cheap.
 */
final class KeyTally {

  /** No source: counting only. */
  static final int NONE = -1;

  /** A key seen more than once: how often, and the sources it came from. */
  static final class Repeat {
    long count;
    final Set<Integer> sources = new TreeSet<>();
  }

  private final Map<String, Integer> firstSource = new HashMap<>();
  private final Map<String, Repeat> repeats = new HashMap<>();
  private final boolean distinctSourcesOnly;

  /**
   * @param distinctSourcesOnly count a key once per source (a key in several files), rather than
   *     once per occurrence (a key on several rows)
   */
  KeyTally(boolean distinctSourcesOnly) {
    this.distinctSourcesOnly = distinctSourcesOnly;
  }

  void add(String key, int source) {
    Repeat r = repeats.get(key);
    if (r != null) {
      if (r.sources.add(source) || !distinctSourcesOnly) {
        r.count++;
      }
      return;
    }
    Integer first = firstSource.putIfAbsent(key, source);
    if (first == null || (distinctSourcesOnly && first == source)) {
      return;
    }
    firstSource.remove(key);
    Repeat created = new Repeat();
    created.count = 2;
    created.sources.add(first);
    created.sources.add(source);
    repeats.put(key, created);
  }

  /** Keys seen more than once. */
  Map<String, Repeat> repeats() {
    return repeats;
  }

  void clear() {
    firstSource.clear();
    repeats.clear();
  }
}
