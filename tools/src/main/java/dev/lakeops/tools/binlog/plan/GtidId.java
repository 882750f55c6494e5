package dev.lakeops.tools.binlog.plan;

import org.jspecify.annotations.Nullable;

/** One GTID split into its source (MariaDB domain or MySQL UUID), MariaDB server id and number. */
record GtidId(GtidSet.Flavor flavor, String source, @Nullable String serverId, long number) {

  /**
   * Parses {@code 0-1-42} or {@code uuid:42}; null for null, {@code unknown}, {@code ANONYMOUS} or
   * anything else.
   */
  static @Nullable GtidId parse(@Nullable String gtid) {
    if (gtid == null) {
      return null;
    }
    try {
      int colon = gtid.lastIndexOf(':');
      if (colon > 0) {
        return new GtidId(
            GtidSet.Flavor.MYSQL,
            gtid.substring(0, colon).toLowerCase(java.util.Locale.ROOT),
            null,
            Long.parseLong(gtid.substring(colon + 1)));
      }
      String[] f = gtid.split("-");
      if (f.length == 3) {
        Long.parseLong(f[0]);
        Long.parseLong(f[1]);
        return new GtidId(GtidSet.Flavor.MARIADB, f[0], f[1], Long.parseLong(f[2]));
      }
    } catch (NumberFormatException e) {
      return null;
    }
    return null;
  }

  boolean sameSource(@Nullable GtidId other) {
    return other != null && other.flavor == flavor && other.source.equals(source);
  }
}
