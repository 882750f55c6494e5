package dev.lakeops.tools.binlog.plan;

import dev.lakeops.tools.binlog.file.BinlogVerdict;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * GTID sets for {@code scan.startup.specific-offset.gtid-set}. MariaDB sets list the last GTID per
 * domain; MySQL sets are the file's PREVIOUS_GTIDS plus the GTIDs committed in it, assumed
 * consecutive from one source (binlog.md §11).
 */
final class RestartGtids {

  private RestartGtids() {}

  /** The set executed at the restart position (before the damage); null without GTIDs. */
  static @Nullable String atRestart(BinlogVerdict v) {
    GtidId last = GtidId.parse(v.lastCommittedGtid());
    if (last == null) {
      return v.gtidSet().isEmpty() ? null : v.gtidSet();
    }
    return with(v.gtidSet(), last, last.number());
  }

  /**
   * The set that counts the lost transactions as executed, so a server resumes after them; null
   * without GTIDs.
   */
  static @Nullable String afterLost(BinlogRecoveryPlanner.Gap gap, Loss loss) {
    GtidRange needed = loss.needed;
    if (needed == null) {
      return null;
    }
    GtidId sample = GtidId.parse(gap.verdict.openTransaction());
    if (sample == null || !sample.source().equals(needed.source())) {
      sample = GtidId.parse(gap.resumeGtid);
    }
    if (sample == null || !sample.source().equals(needed.source())) {
      sample = GtidId.parse(gap.verdict.lastCommittedGtid());
    }
    if (sample == null) {
      return null;
    }
    return with(gap.verdict.gtidSet(), sample, needed.last());
  }

  /** {@code set} with {@code id}'s domain/UUID entry replaced by one ending at {@code number}. */
  private static String with(String set, GtidId id, long number) {
    List<String> parts = new ArrayList<>();
    for (String part : set.split(",")) {
      String p = part.strip();
      if (p.isEmpty() || sameSource(p, id)) {
        continue;
      }
      parts.add(p);
    }
    parts.add(
        id.flavor() == GtidSet.Flavor.MARIADB
            ? id.source() + "-" + id.serverId() + "-" + number
            : id.source() + ":1-" + number);
    return String.join(",", parts);
  }

  private static boolean sameSource(String entry, GtidId id) {
    if (id.flavor() == GtidSet.Flavor.MARIADB) {
      return entry.startsWith(id.source() + "-");
    }
    return entry.toLowerCase(java.util.Locale.ROOT).startsWith(id.source() + ":");
  }
}
