package dev.lakeops.tools.binlog.live;

import static dev.lakeops.tools.Checks.checkArgument;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A MariaDB GTID position: per replication domain the last GTID, {@code domain-server-seq}
 * (binlog.md §5.7). Parses {@code 0-1-7,1-2-40} and the server's {@code [0-1-7]} list form.
 */
public final class MariadbGtids {

  /** One GTID. */
  public record Gtid(long domain, long server, long seq) {
    @Override
    public String toString() {
      return domain + "-" + server + "-" + seq;
    }
  }

  private MariadbGtids() {}

  /**
   * Domain to GTID, in the order given.
   *
   * @throws IllegalArgumentException an element is not {@code domain-server-seq}, or a domain
   *     repeats
   */
  public static Map<Long, Gtid> parse(String text) {
    String body = text.strip();
    if (body.startsWith("[") && body.endsWith("]")) {
      body = body.substring(1, body.length() - 1);
    }
    Map<Long, Gtid> byDomain = new LinkedHashMap<>();
    for (String part : body.split(",")) {
      String gtid = part.strip();
      if (gtid.isEmpty()) {
        continue;
      }
      checkArgument(
          gtid.matches("\\d{1,10}-\\d{1,10}-\\d{1,20}"),
          "%s is not a MariaDB GTID (domain-server-seq, e.g. 0-1-42)",
          gtid);
      String[] f = gtid.split("-");
      Gtid g;
      try {
        g = new Gtid(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseUnsignedLong(f[2]));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            gtid + " is not a MariaDB GTID: a number is out of range");
      }
      checkArgument(
          byDomain.put(g.domain(), g) == null, "domain %s appears twice in %s", g.domain(), text);
    }
    return Collections.unmodifiableMap(byDomain);
  }

  /** Whether {@code text} looks like a MariaDB GTID list rather than a MySQL GTID set. */
  public static boolean looksLikeMariadb(String text) {
    return text.strip().matches("\\[?\\s*(\\d+-\\d+-\\d+\\s*(,\\s*\\d+-\\d+-\\d+\\s*)*)?\\]?");
  }
}
