package dev.lakeops.tools.binlog.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A GTID set as a server prints it, parsed: MariaDB {@code domain-server-seq} lists
 * ({@code @@gtid_binlog_pos}, {@code @@gtid_binlog_state}, a GTID_LIST event) or MySQL {@code
 * uuid:1-5:7-9,uuid2:1-3} ({@code @@gtid_executed}, {@code @@gtid_purged}, PREVIOUS_GTIDS).
 *
 * <p>A MariaDB position means "every transaction of the domain up to this sequence number"; that
 * holds under {@code gtid_strict_mode}, where sequence numbers only grow within a domain. When a
 * domain appears with several server ids (a binlog state), the highest sequence counts.
 */
public final class GtidSet {

  /** Which server family wrote the set. */
  public enum Flavor {
    MARIADB,
    MYSQL
  }

  private static final Pattern MARIADB = Pattern.compile("\\d{1,10}-\\d{1,10}-\\d{1,20}");
  private static final Pattern UUID =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final int MAX_ENTRIES = 4096;

  private final Flavor flavor;

  /** MariaDB: domain to highest sequence. MySQL: uuid (lower case) to intervals [first, last]. */
  private final Map<String, List<long[]>> entries;

  private final String text;

  private GtidSet(Flavor flavor, Map<String, List<long[]>> entries, String text) {
    this.flavor = flavor;
    this.entries = entries;
    this.text = text;
  }

  /** The set as it was given, without whitespace. */
  public String text() {
    return text;
  }

  @Override
  public String toString() {
    return text;
  }

  /**
   * Parses {@code text}; an empty or null text is an empty set (flavor MARIADB).
   *
   * @throws IllegalArgumentException the text is neither form, naming the piece that is wrong
   */
  public static GtidSet parse(String text) {
    String trimmed = text == null ? "" : text.replaceAll("\\s+", "");
    if (trimmed.isEmpty()) {
      return new GtidSet(Flavor.MARIADB, new LinkedHashMap<>(), "");
    }
    String[] parts = trimmed.split(",", -1);
    if (parts.length > MAX_ENTRIES) {
      throw new IllegalArgumentException("Invalid GTID set: more than " + MAX_ENTRIES + " entries");
    }
    return UUID.matcher(parts[0]).lookingAt() ? mysql(parts, trimmed) : mariadb(parts, trimmed);
  }

  private static GtidSet mariadb(String[] parts, String text) {
    Map<String, List<long[]>> entries = new LinkedHashMap<>();
    for (String part : parts) {
      if (!MARIADB.matcher(part).matches()) {
        throw new IllegalArgumentException(
            "Invalid GTID '"
                + part
                + "': expected MariaDB domain-server-seq (e.g. 0-1-42) "
                + "or MySQL uuid:1-5");
      }
      String[] f = part.split("-");
      long seq = number(f[2], part);
      List<long[]> current = entries.get(f[0]);
      if (current == null || current.get(0)[1] < seq) {
        entries.put(f[0], List.of(new long[] {1, seq}));
      }
    }
    return new GtidSet(Flavor.MARIADB, entries, text);
  }

  private static GtidSet mysql(String[] parts, String text) {
    Map<String, List<long[]>> entries = new LinkedHashMap<>();
    for (String part : parts) {
      String[] f = part.split(":", -1);
      if (f.length < 2 || !UUID.matcher(f[0]).matches()) {
        throw new IllegalArgumentException(
            "Invalid GTID set entry '" + part + "': expected uuid:1-5[:7-9]");
      }
      List<long[]> intervals =
          entries.computeIfAbsent(f[0].toLowerCase(Locale.ROOT), k -> new ArrayList<>());
      for (int i = 1; i < f.length; i++) {
        String[] range = f[i].split("-", -1);
        if (range.length > 2 || range[0].isEmpty()) {
          throw new IllegalArgumentException(
              "Invalid GTID interval '" + f[i] + "' in '" + part + "': expected n or n-m");
        }
        long first = number(range[0], part);
        long last = range.length == 2 ? number(range[1], part) : first;
        if (first < 1 || last < first) {
          throw new IllegalArgumentException(
              "Invalid GTID interval '" + f[i] + "' in '" + part + "'");
        }
        intervals.add(new long[] {first, last});
      }
    }
    return new GtidSet(Flavor.MYSQL, entries, text);
  }

  private static long number(String digits, String part) {
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Invalid number '" + digits + "' in GTID '" + part + "'");
    }
  }

  public Flavor flavor() {
    return flavor;
  }

  public boolean isEmpty() {
    return entries.isEmpty();
  }

  /** Whether the set names this MariaDB domain or MySQL server UUID at all. */
  public boolean hasSource(String source) {
    return entries.containsKey(source.toLowerCase(Locale.ROOT));
  }

  /** Whether every transaction of {@code range} is in this set. */
  public boolean containsAll(GtidRange range) {
    if (range.flavor() != flavor) {
      return false;
    }
    List<long[]> intervals = entries.get(range.source().toLowerCase(Locale.ROOT));
    if (intervals == null) {
      return false;
    }
    long next = range.first();
    boolean progress = true;
    while (progress && next <= range.last()) {
      progress = false;
      for (long[] i : intervals) {
        if (i[0] <= next && next <= i[1]) {
          next = i[1] + 1;
          progress = true;
        }
      }
    }
    return next > range.last();
  }

  /** Whether any transaction of {@code range} is in this set. */
  public boolean containsAny(GtidRange range) {
    if (range.flavor() != flavor) {
      return false;
    }
    List<long[]> intervals = entries.get(range.source().toLowerCase(Locale.ROOT));
    if (intervals == null) {
      return false;
    }
    for (long[] i : intervals) {
      if (i[0] <= range.last() && range.first() <= i[1]) {
        return true;
      }
    }
    return false;
  }

  /** The highest sequence (MariaDB) or GNO (MySQL) this set holds for {@code source}; 0 if none. */
  public long highest(String source) {
    List<long[]> intervals = entries.get(source.toLowerCase(Locale.ROOT));
    long max = 0;
    if (intervals != null) {
      for (long[] i : intervals) {
        max = Math.max(max, i[1]);
      }
    }
    return max;
  }
}
