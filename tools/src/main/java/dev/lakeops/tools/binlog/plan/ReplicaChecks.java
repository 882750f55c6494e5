package dev.lakeops.tools.binlog.plan;

import org.jspecify.annotations.Nullable;

/**
 * Compares a replica's GTID sets with the transactions the damage cut (binlog.md §11, §12). Pure.
 */
final class ReplicaChecks {

  private ReplicaChecks() {}

  static @Nullable ReplicaCheck check(
      BinlogRecoveryPlanner.Gap gap,
      Loss loss,
      @Nullable GtidSet executed,
      @Nullable GtidSet purged) {
    if (executed == null) {
      return null;
    }
    GtidRange needed = loss.needed;
    if (needed == null) {
      return new ReplicaCheck(
          executed.text(),
          null,
          false,
          purged != null,
          false,
          "The damaged span carries no usable GTIDs (gtid_mode OFF, anonymous transactions, or the"
              + " GTID event was lost with no committed GTID before it): the replica's set cannot"
              + " prove it holds these transactions.");
    }
    if (executed.flavor() != needed.flavor()) {
      return new ReplicaCheck(
          executed.text(),
          needed.toString(),
          false,
          purged != null,
          false,
          "The replica's GTID set is "
              + executed.flavor()
              + " but the binlog's GTIDs are "
              + needed.flavor()
              + ": not the same replication topology.");
    }
    boolean contains = executed.containsAll(needed);
    boolean purgedAny = purged != null && purged.containsAny(needed);
    String verdict;
    if (!executed.hasSource(needed.source())) {
      verdict =
          "The replica's set has no "
              + (needed.flavor() == GtidSet.Flavor.MARIADB ? "domain " : "UUID ")
              + needed.source()
              + ": it never executed "
              + needed
              + ".";
    } else if (!contains) {
      verdict =
          "The replica has executed only up to "
              + executed.highest(needed.source())
              + " for "
              + needed.source()
              + ": it does not hold all of "
              + needed
              + ".";
    } else if (purgedAny) {
      verdict =
          "The replica executed "
              + needed
              + " but has purged binlogs holding some of them: it cannot serve them.";
    } else if (purged != null) {
      verdict = "The replica executed " + needed + " and has not purged them: it can serve them.";
    } else {
      verdict =
          "The replica executed "
              + needed
              + "; whether its binlogs still hold them was not checked (give its "
              + "purged set: MySQL @@gtid_purged, MariaDB the GTID_LIST of its oldest binlog).";
    }
    return new ReplicaCheck(
        executed.text(), needed.toString(), contains, purged != null, purgedAny, verdict);
  }
}
