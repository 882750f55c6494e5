package dev.lakeops.tools.binlog.live;

import static dev.lakeops.tools.Checks.checkArgument;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A MySQL GTID set, {@code uuid:1-5:7,uuid2:1-3} (tagged GTIDs {@code uuid:tag:1-5} of 8.4 keep the
 * tag in the key): per source, the transaction numbers as closed intervals.
 */
public final class MysqlGtidSet {

  private final Map<String, List<long[]>> intervals;

  private MysqlGtidSet(Map<String, List<long[]>> intervals) {
    this.intervals = intervals;
  }

  /**
   * @throws IllegalArgumentException a member is not {@code uuid:N[-M][:N[-M]...]}
   */
  public static MysqlGtidSet parse(String text) {
    Map<String, List<long[]>> bySource = new TreeMap<>();
    for (String member : text.replace("\n", "").split(",")) {
      String m = member.strip();
      if (m.isEmpty()) {
        continue;
      }
      String[] parts = m.split(":");
      checkArgument(
          parts.length >= 2 && parts[0].matches("[0-9a-fA-F-]{32,36}"),
          "%s is not a MySQL GTID set member (uuid:1-5)",
          m);
      String source = parts[0].toLowerCase(Locale.ROOT);
      for (int i = 1; i < parts.length; i++) {
        String p = parts[i].strip();
        if (p.matches("[A-Za-z_][A-Za-z0-9_]*")) {
          source = parts[0].toLowerCase(Locale.ROOT) + ":" + p.toLowerCase(Locale.ROOT);
          continue;
        }
        checkArgument(
            p.matches("\\d{1,19}(-\\d{1,19})?"), "%s in %s is not an interval (N or N-M)", p, m);
        String[] ends = p.split("-");
        long from = Long.parseLong(ends[0]);
        long to = ends.length > 1 ? Long.parseLong(ends[1]) : from;
        checkArgument(
            from >= 1 && to >= from, "interval %s in %s is empty or starts below 1", p, m);
        bySource.computeIfAbsent(source, k -> new ArrayList<>()).add(new long[] {from, to});
      }
    }
    bySource.replaceAll((k, v) -> merge(v));
    return new MysqlGtidSet(Collections.unmodifiableMap(bySource));
  }

  public boolean isEmpty() {
    return intervals.isEmpty();
  }

  /** Whether every transaction of {@code other} is in this set. */
  public boolean containsAll(MysqlGtidSet other) {
    for (Map.Entry<String, List<long[]>> e : other.intervals.entrySet()) {
      List<long[]> mine = intervals.getOrDefault(e.getKey(), List.of());
      for (long[] needed : e.getValue()) {
        if (mine.stream().noneMatch(have -> have[0] <= needed[0] && needed[1] <= have[1])) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The transactions of {@code other} not in this set, as text ({@code uuid:3-4,...}); empty when
   * none.
   */
  public String missingFrom(MysqlGtidSet other) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, List<long[]>> e : other.intervals.entrySet()) {
      List<long[]> mine = intervals.getOrDefault(e.getKey(), List.of());
      for (long[] needed : e.getValue()) {
        long next = needed[0];
        for (long[] have : mine) {
          if (have[1] < next || have[0] > needed[1]) {
            continue;
          }
          if (have[0] > next) {
            out.add(e.getKey() + ":" + range(next, have[0] - 1));
          }
          next = Math.max(next, have[1] + 1);
        }
        if (next <= needed[1]) {
          out.add(e.getKey() + ":" + range(next, needed[1]));
        }
      }
    }
    return String.join(",", out);
  }

  private static String range(long from, long to) {
    return from == to ? Long.toString(from) : from + "-" + to;
  }

  private static List<long[]> merge(List<long[]> list) {
    list.sort((a, b) -> Long.compare(a[0], b[0]));
    List<long[]> merged = new ArrayList<>();
    for (long[] i : list) {
      long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && i[0] <= last[1] + 1) {
        last[1] = Math.max(last[1], i[1]);
      } else {
        merged.add(new long[] {i[0], i[1]});
      }
    }
    return merged;
  }
}
