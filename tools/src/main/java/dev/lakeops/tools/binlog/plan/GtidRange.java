package dev.lakeops.tools.binlog.plan;

import static dev.lakeops.tools.Checks.checkArgument;
import static java.util.Objects.requireNonNull;

/**
 * Consecutive transactions of one source: a MariaDB domain ({@code source} is the domain id, the
 * numbers are sequence numbers) or a MySQL server UUID ({@code source} is the UUID, the numbers are
 * GNOs). Inclusive at both ends.
 */
public record GtidRange(GtidSet.Flavor flavor, String source, long first, long last) {

  public GtidRange {
    requireNonNull(flavor, "flavor");
    requireNonNull(source, "source");
    checkArgument(first >= 1 && last >= first, "Invalid GTID range %s..%s", first, last);
  }

  public long size() {
    return last - first + 1;
  }

  /** {@code 0-*-6..0-*-8} for MariaDB (any server id), {@code uuid:6-8} for MySQL. */
  @Override
  public String toString() {
    if (flavor == GtidSet.Flavor.MYSQL) {
      return source + ":" + first + (last != first ? "-" + last : "");
    }
    return "domain " + source + " seq " + first + (last != first ? ".." + last : "");
  }
}
