package dev.lakeops.tools.binlog.classify;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Next steps per category, with the file, position and GTIDs parsed from the text filled in. Pure.
 */
final class CdcErrorAdvice {

  private CdcErrorAdvice() {}

  static List<String> nextSteps(
      CdcErrorCategory category,
      @Nullable String file,
      @Nullable Long position,
      @Nullable PastedEventHeader header,
      @Nullable String gtid,
      @Nullable String gtidSet) {
    String f = file != null ? file : "<binlog file>";
    String at = position != null ? Long.toString(position) : "<position>";
    String verify =
        "Copy " + f + " from the server's binlog directory and run: ./lakeops binlog verify " + f;
    String plan =
        "Then: ./lakeops binlog plan "
            + f
            + " [--replica-gtid <replica's gtid_executed / gtid_binlog_pos>]"
            + " for the restart options and what each loses";
    List<String> steps = new ArrayList<>();
    switch (category) {
      case EVENT_DESERIALIZATION -> {
        if (header != null && header.eventStart() >= 0) {
          steps.add(
              "The event that failed starts at offset "
                  + header.eventStart()
                  + " (nextPosition "
                  + header.nextPosition()
                  + " - header "
                  + header.headerLength()
                  + " - data "
                  + header.dataLength()
                  + "), type "
                  + header.eventType()
                  + ", server id "
                  + header.serverId()
                  + ".");
        }
        steps.add(
            "Read the 'Caused by:' line: EOFException or a socket error points to a cut connection;"
                + " a decode error at a fixed position that repeats on restart points to a damaged"
                + " event.");
        steps.add(
            verify
                + (header != null && header.eventStart() >= 0
                    ? " and ./lakeops binlog events "
                        + f
                        + " --from "
                        + header.eventStart()
                        + " --limit 5"
                    : ""));
        steps.add(plan + ".");
      }
      case MISSING_TABLE_MAP -> {
        steps.add(
            "The reader started inside a transaction (a position that is not a transaction start)"
                + " or the TABLE_MAP before the rows was damaged.");
        steps.add(
            "Restart only at a transaction boundary: ./lakeops binlog verify "
                + f
                + " prints the restart position (end of the last complete transaction).");
        steps.add(verify + ", to rule out a damaged TABLE_MAP.");
      }
      case BINLOG_TRUNCATED, BOGUS_DATA, CHECKSUM_FAILURE -> {
        steps.add("The server points at " + f + " offset " + at + ".");
        if (category == CdcErrorCategory.BOGUS_DATA) {
          steps.add(
              "If "
                  + at
                  + " came from a hand-set offset, it may not be an event start: list the events"
                  + " with ./lakeops binlog events "
                  + f
                  + " --from "
                  + at
                  + " --limit 5 and restart at a transaction boundary.");
        }
        steps.add(verify + ".");
        steps.add(plan + "; a healthy replica's copy of the same GTIDs avoids any loss.");
      }
      case FIRST_LOG_FILE_NOT_FOUND, IMPOSSIBLE_POSITION, OFFSET_NO_LONGER_AVAILABLE -> {
        steps.add(
            "Compare the requested offset ("
                + f
                + ":"
                + at
                + ") with SHOW BINARY LOGS on the server.");
        steps.add(
            "If the file was purged, the changes since that offset are gone from this server: take"
                + " them from a replica that still has the binlog, or re-snapshot the affected"
                + " tables (scan.startup.mode=initial).");
        steps.add(
            "Lengthen binlog retention (binlog_expire_logs_seconds / expire_logs_days) beyond the"
                + " longest CDC outage you must survive.");
      }
      case GTID_PURGED, GTID_NOT_IN_BINLOG -> {
        steps.add(
            "Compare the requested GTIDs ("
                + (gtid != null ? gtid : gtidSet != null ? gtidSet : "from the text")
                + ") with the server: MySQL SELECT @@gtid_executed, @@gtid_purged; MariaDB SELECT"
                + " @@gtid_binlog_pos, @@gtid_binlog_state and the GTID_LIST of the oldest"
                + " binlog.");
        steps.add(
            "If a replica still holds those GTIDs, point the CDC source at it; otherwise"
                + " re-snapshot (scan.startup.mode=initial) and reconcile the tables.");
        steps.add(
            "MariaDB: a GTID in an unknown domain is not rejected, it replays from the first"
                + " binlog; check the domains before restarting by GTID.");
      }
      case PACKET_TOO_LARGE ->
          steps.add(
              "Raise max_allowed_packet on the server (and slave_max_allowed_packet) above the "
                  + "event size, or split the large transaction; the event at "
                  + f
                  + ":"
                  + at
                  + " cannot be sent as is.");
      case CONNECTION_RESET -> {
        steps.add(
            "Not a binlog defect by itself: check network, server restarts,"
                + " wait_timeout/net_write_timeout and whether the Flink job was backpressured (the"
                + " reader stops reading, the server drops it).");
        steps.add(
            "A restart from the last checkpoint resumes without loss; if the same offset fails"
                + " every time, run: ./lakeops binlog verify "
                + f);
      }
      case DUPLICATE_SERVER_ID ->
          steps.add(
              "Give every binlog reader a unique server-id: a Flink CDC source with parallelism N"
                  + " needs a range of N ids ('server-id' = '5401-5404') that overlaps no other job"
                  + " or replica.");
      case STATEMENT_FORMAT ->
          steps.add(
              "Set binlog_format=ROW (and binlog_row_image=FULL) globally; rows written in"
                  + " STATEMENT/MIXED format are invisible to CDC: reconcile the tables they"
                  + " touched. ./lakeops binlog verify flags statement-format DML per file.");
      case ROW_IMAGE_NOT_FULL ->
          steps.add(
              "Set binlog_row_image=FULL and restart the connector; changes logged with a "
                  + "partial image lack columns: reconcile the affected tables.");
      case SCHEMA_UNKNOWN ->
          steps.add(
              "The schema history does not cover "
                  + f
                  + ":"
                  + at
                  + "; restore it or take a "
                  + "new snapshot (scan.startup.mode=initial).");
      case UNKNOWN ->
          steps.add(
              "Paste the full exception including every 'Caused by:' line, or the server error with"
                  + " its code; for a suspect binlog file run ./lakeops binlog verify FILE.");
    }
    return steps;
  }
}
