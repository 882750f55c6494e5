package dev.lakeops.tools.binlog.plan;

import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.EventTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Builds each recovery option from the gap, the loss of skipping it and the replica check. Pure.
 */
final class RecoveryOptions {

  private RecoveryOptions() {}

  static RecoveryOption readFromReplica(
      BinlogRecoveryPlanner.Gap gap, Loss loss, @Nullable ReplicaCheck replica) {
    String set = RestartGtids.atRestart(gap.verdict);
    List<String> pre = new ArrayList<>();
    Map<String, String> options = new LinkedHashMap<>();
    if (set != null) {
      options.put(FlinkCdcOptions.HOSTNAME, "<healthy replica or primary>");
      options.putAll(BinlogRecoveryPlanner.gtidOffset(set));
    }
    String needed =
        loss.gtids != null
            ? loss.gtids
            : "the transactions cut at " + gap.name + ":" + gap.bad.offset();
    if (set == null || loss.needed == null) {
      return new RecoveryOption(
          "read-from-replica",
          "Read the damaged range from a healthy replica or the primary.",
          false,
          options,
          loss.lost(
              "Not usable: the damaged range carries no GTIDs to find it on another server, and "
                  + "file/pos positions differ between servers."),
          List.of(
              "Servers with gtid_mode=ON (MySQL) or GTIDs (MariaDB) let another server serve the"
                  + " same transactions."),
          "Ruled out by the evidence: no GTIDs around the damage.");
    }
    boolean usable = replica == null || (replica.containsNeeded() && !replica.purgedAny());
    DataLoss loss0;
    if (replica != null
        && replica.containsNeeded()
        && replica.purgedChecked()
        && !replica.purgedAny()) {
      loss0 =
          loss.none(
              DataLoss.Kind.NONE,
              "Proven by the replica's GTID sets: it executed "
                  + needed
                  + " and has not purged them; reading from it re-reads the cut transactions"
                  + " intact.");
    } else if (usable) {
      loss0 =
          loss.none(
              DataLoss.Kind.NONE_IF_PRECONDITIONS_HOLD,
              "No loss if the replica holds "
                  + needed
                  + " intact in its binlog; that was "
                  + (replica == null ? "not checked (give --replica-gtid)" : "only partly checked")
                  + ".");
    } else {
      loss0 = loss.lost("Not usable: " + replica.verdict());
    }
    if (replica == null) {
      pre.add(
          "The replica has executed "
              + needed
              + ": compare with its @@gtid_executed (MySQL) / @@gtid_binlog_pos "
              + "(MariaDB), e.g. ./lakeops binlog plan FILE --replica-gtid SET.");
    }
    if (replica == null || !replica.purgedChecked()) {
      pre.add(
          "The replica has not purged binlogs holding "
              + needed
              + " (MySQL @@gtid_purged; MariaDB the GTID_LIST "
              + "of its oldest binlog, SHOW BINARY LOGS).");
    }
    pre.add(
        "The replica writes its own binlog in row format: log_slave_updates=ON, binlog_format=ROW, "
            + "binlog_row_image=FULL.");
    pre.add(
        "The replica's copy is intact: copy its binlog holding "
            + needed
            + " and run ./lakeops binlog verify on it.");
    if (loss.needed.flavor() == GtidSet.Flavor.MARIADB) {
      pre.add(
          "The replica knows domain "
              + loss.needed.source()
              + ": MariaDB answers a GTID in an unknown domain by "
              + "replaying from its first binlog, silently.");
      pre.add(
          "The connector build accepts MariaDB GTID sets (domain-server-seq); if not, find the"
              + " replica's file/pos for GTID "
              + gap.verdict.lastCommittedGtid()
              + " with SHOW BINLOG EVENTS and use "
              + FlinkCdcOptions.OFFSET_FILE
              + " / "
              + FlinkCdcOptions.OFFSET_POS
              + ".");
    }
    pre.add("The source's server-id range does not collide with the replica's other readers.");
    return new RecoveryOption(
        "read-from-replica",
        "Start the CDC source on a healthy replica (or the primary) at GTID set "
            + set
            + " (after "
            + (gap.verdict.lastCommittedGtid() != null
                ? gap.verdict.lastCommittedGtid()
                : "the last committed transaction")
            + "), so the cut transactions are read from an intact copy.",
        usable,
        options,
        loss0,
        pre,
        usable
            ? "One restart against another host, minutes; no backfill when the checks pass. The"
                + " replica must stay available and caught up while the source reads from it."
            : "Ruled out by the replica check; use another replica or a lossy option with the"
                + " backfill.");
  }

  static RecoveryOption specificOffsetAfterDamage(BinlogRecoveryPlanner.Gap gap, Loss loss) {
    if (gap.resumePosition == null) {
      return new RecoveryOption(
          "specific-offset-after-damage",
          "Restart at the first transaction after the damage.",
          false,
          Map.of(),
          loss.as(
              DataLoss.Kind.LOST_UNBOUNDED,
              "No transaction starts after the damage in the files "
                  + "given, so the end of the loss is not known."),
          List.of(
              "Add the next binlog file (SHOW BINARY LOGS) to the plan, or use its position 4 once"
                  + " it exists."),
          "Ruled out by the evidence: nothing valid follows the damage in " + gap.name + ".");
    }
    List<String> pre = new ArrayList<>();
    pre.add(
        gap.resumeText()
            + " is a transaction start found by the verifier, so the reader gets the TABLE_MAP it "
            + "needs (a mid-transaction start fails with MissingTableMapEventException).");
    pre.add(gap.resumeFile + " is still on the server (SHOW BINARY LOGS).");
    pre.add(
        "No table schema changed inside the skipped span: Flink CDC keeps only the current schema,"
            + " and a start before a schema change can fail to parse the older rows.");
    pre.add(
        "The sink tolerates rows of the cut transaction that were already emitted before the"
            + " failure (Debezium emits row events as it reads them, not at commit).");
    pre.add("The backfill below runs after the restart.");
    return new RecoveryOption(
        "specific-offset-after-damage",
        "Restart the CDC source at "
            + gap.resumeText()
            + ", the first complete transaction after the damage"
            + (gap.resumeGtid != null ? " (GTID " + gap.resumeGtid + ")" : "")
            + ".",
        true,
        BinlogRecoveryPlanner.specificOffset(gap.resumeFile, gap.resumePosition),
        loss.lost(
            "Skips "
                + gap.restartText()
                + " .. "
                + gap.resumeText()
                + ": "
                + (loss.transactions >= 0
                    ? loss.transactions + " transaction(s)"
                    : "the transactions")
                + (loss.gtids != null ? " (" + loss.gtids + ")" : "")
                + " cut by the damage never reach CDC."),
        pre,
        "One restart, minutes. The lake misses the lost changes until the backfill reconciles "
            + (loss.tables.isEmpty() ? "the captured tables" : String.join(", ", loss.tables))
            + ".");
  }

  static @Nullable RecoveryOption gtidSetAfterDamage(BinlogRecoveryPlanner.Gap gap, Loss loss) {
    String set = RestartGtids.afterLost(gap, loss);
    if (set == null) {
      return null;
    }
    List<String> pre = new ArrayList<>();
    pre.add(
        "The server finds the start by reading binlog files up to these GTIDs, that is, through the"
            + " damaged event in its own copy of "
            + gap.name
            + ": with master_verify_checksum=ON, or damage the server cannot parse, this start"
            + " fails there. Prefer the file/pos option when the damage is in the server's own"
            + " file.");
    pre.add(
        "The server executed every GTID up to "
            + loss.needed.last()
            + " for "
            + (loss.needed.flavor() == GtidSet.Flavor.MARIADB ? "domain " : "")
            + loss.needed.source()
            + " without gaps (MySQL @@gtid_executed; MariaDB gtid_strict_mode=ON).");
    pre.add("The backfill below runs after the restart.");
    return new RecoveryOption(
        "gtid-set-after-damage",
        "Restart the CDC source with a GTID set that counts the lost transactions as done ("
            + set
            + ").",
        true,
        BinlogRecoveryPlanner.gtidOffset(set),
        loss.lost(
            "The server skips "
                + loss.needed
                + " as already executed: those transactions never reach CDC."),
        pre,
        "One restart, minutes, plus the backfill; works across servers with the same GTIDs.");
  }

  static RecoveryOption timestampAfterDamage(BinlogRecoveryPlanner.Gap gap, Loss loss) {
    String why =
        "Flink CDC's timestamp start-up picks the newest binlog file whose first event is older"
            + " than the target and reads it from its start, dropping events older than the target";
    FileEvidence next = gap.next;
    if (next == null || next.times().firstTimestamp() <= 0) {
      return new RecoveryOption(
          "timestamp-after-damage",
          "Restart by event time after the damage.",
          false,
          Map.of(),
          loss.as(
              DataLoss.Kind.LOST_UNBOUNDED,
              why
                  + ": any target after the damage selects "
                  + gap.name
                  + " (or a later file not given here) and the reader crosses the damaged event"
                  + " again."),
          List.of(
              "A target later than the first event of the file after "
                  + gap.name
                  + "; add that file to the plan."),
          "Ruled out by the evidence: the file after " + gap.name + " is not in the plan.");
    }
    long millis = (next.times().firstTimestamp() + 1) * 1000;
    Map<String, String> options = new LinkedHashMap<>();
    options.put(FlinkCdcOptions.STARTUP_MODE, FlinkCdcOptions.TIMESTAMP);
    options.put(FlinkCdcOptions.TIMESTAMP_MILLIS, Long.toString(millis));
    BinlogVerdict v = gap.verdict;
    DataLoss lost =
        new DataLoss(
            DataLoss.Kind.LOST,
            -1,
            loss.gtids,
            -1,
            v.length() - v.restartPosition(),
            loss.tables,
            TimeWindow.ofSeconds(
                loss.window.from() == null ? -1 : loss.window.from().getEpochSecond(),
                millis / 1000),
            why
                + ": the target "
                + millis
                + " selects "
                + next.fileName()
                + ", so everything in "
                + gap.name
                + " after "
                + gap.restartText()
                + " is lost, including the intact transactions after the damage, plus the events of"
                + " "
                + next.fileName()
                + " in its first second.");
    return new RecoveryOption(
        "timestamp-after-damage",
        "Restart by event time just after the first event of " + next.fileName() + ".",
        true,
        options,
        lost,
        List.of(
            "No binlog file newer than " + next.fileName() + " starts before the target.",
            "The backfill covers everything after "
                + gap.restartText()
                + ", not only the damaged span."),
        "One restart; loses more than the specific-offset option. Use only when file/pos cannot be"
            + " set.");
  }

  static RecoveryOption skipWithWarn(BinlogRecoveryPlanner.Gap gap, Loss loss) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put(FlinkCdcOptions.DESERIALIZATION_FAILURE, "warn");
    if (gap.bad.type() == EventTypes.TABLE_MAP) {
      options.put(FlinkCdcOptions.INCONSISTENT_SCHEMA, "warn");
    }
    String how =
        switch (gap.bad.kind()) {
          case CRC_MISMATCH ->
              "The client library does not check CRC32: a damaged "
                  + gap.bad.typeName()
                  + " that still "
                  + "decodes is emitted as wrong rows, not skipped";
          case HEADER_INVALID, TRUNCATED ->
              "With a broken event size the client reads the following bytes as the wrong "
                  + "events or stops as if at the end of the file; warn mode cannot resynchronise";
          case BODY_INVALID, BAD_MAGIC -> "Only events that fail to decode are skipped";
        };
    return new RecoveryOption(
        "skip-with-warn",
        "Let the connector skip events it cannot decode and log them at WARN.",
        true,
        options,
        loss.as(
            DataLoss.Kind.LOST_UNBOUNDED,
            how
                + ". Skipped events are only logged; the loss is silent and not "
                + "bounded by this plan."),
        List.of(
            "Every captured table is reconciled afterwards, not only those in the backfill.",
            "The option is removed once the source is past the damage; left on, it hides any later"
                + " damage.",
            "Debezium 2.x and later name it event.processing.failure.handling.mode; Flink CDC 3.x"
                + " embeds Debezium 1.9."),
        "Cheapest to apply, costliest to clean up: the loss is silent and unbounded.");
  }
}
