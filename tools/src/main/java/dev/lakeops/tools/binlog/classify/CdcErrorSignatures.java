package dev.lakeops.tools.binlog.classify;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The phrases that identify each category, lower case, in precedence order: a root cause (a server
 * error, a lost connection) before the wrapper that carries it ({@code Failed to deserialize data
 * of EventHeaderV4}). Phrases come from MySQL/MariaDB server messages and the Debezium / Flink CDC
 * / mysql-binlog-connector-java sources as users paste them (binlog.md §9, §10); MySQL 8.0.26+ says
 * "source"/"replica" where older servers say "master"/"slave", so both spellings are listed.
 */
final class CdcErrorSignatures {

  record Signature(CdcErrorCategory category, List<String> phrases) {}

  static final List<Signature> ORDERED =
      List.of(
          new Signature(
              CdcErrorCategory.DUPLICATE_SERVER_ID,
              List.of(
                  "a slave with the same server_uuid/server_id",
                  "a replica with the same server_uuid/server_id")),
          new Signature(
              CdcErrorCategory.GTID_PURGED,
              List.of(
                  "master has purged binary logs containing gtids",
                  "source has purged binary logs containing gtids",
                  "cannot replicate because the master purged required binary logs",
                  "cannot replicate because the source purged required binary logs",
                  "could not find gtid state requested by slave in any binlog files")),
          new Signature(
              CdcErrorCategory.GTID_NOT_IN_BINLOG,
              List.of(
                  "which is not in the master's binlog",
                  "which is not in the source's binlog",
                  "connecting slave requested to start from gtid")),
          new Signature(
              CdcErrorCategory.OFFSET_NO_LONGER_AVAILABLE,
              List.of("but this is no longer available on the server")),
          new Signature(
              CdcErrorCategory.FIRST_LOG_FILE_NOT_FOUND,
              List.of("could not find first log file name in binary log index file")),
          new Signature(
              CdcErrorCategory.IMPOSSIBLE_POSITION,
              List.of(
                  "start replication from impossible position",
                  "start replication from position > file size")),
          new Signature(
              CdcErrorCategory.BINLOG_TRUNCATED,
              List.of("binlog truncated in the middle of event")),
          new Signature(CdcErrorCategory.BOGUS_DATA, List.of("bogus data in log event")),
          new Signature(
              CdcErrorCategory.CHECKSUM_FAILURE,
              List.of(
                  "did not pass crc check",
                  "event crc check failed",
                  "event checksum verification failed")),
          new Signature(
              CdcErrorCategory.PACKET_TOO_LARGE,
              List.of("log event entry exceeded max_allowed_packet")),
          new Signature(
              CdcErrorCategory.STATEMENT_FORMAT,
              List.of(
                  "not configured to use a row binlog_format",
                  "generated with statement or mixed based replication format")),
          new Signature(
              CdcErrorCategory.ROW_IMAGE_NOT_FULL,
              List.of("not configured to use a full binlog_row_image")),
          new Signature(
              CdcErrorCategory.SCHEMA_UNKNOWN,
              List.of("whose schema isn't known to this connector")),
          new Signature(
              CdcErrorCategory.MISSING_TABLE_MAP,
              List.of(
                  "missingtablemapeventexception",
                  "no tablemapeventdata has been found for table id")),
          new Signature(
              CdcErrorCategory.CONNECTION_RESET,
              List.of("connection reset", "broken pipe", "communications link failure")),
          new Signature(
              CdcErrorCategory.EVENT_DESERIALIZATION,
              List.of(
                  "failed to deserialize data of eventheader",
                  "eventdatadeserializationexception")));

  /** One sentence per category. */
  static final Map<CdcErrorCategory, String> SUMMARIES =
      Map.ofEntries(
          Map.entry(
              CdcErrorCategory.EVENT_DESERIALIZATION,
              "The binlog client could not decode an event: a damaged or truncated event, a cut"
                  + " connection, or a client bug."),
          Map.entry(
              CdcErrorCategory.MISSING_TABLE_MAP,
              "A rows event arrived without its TABLE_MAP: the reader started inside a transaction,"
                  + " or the TABLE_MAP was damaged."),
          Map.entry(
              CdcErrorCategory.BINLOG_TRUNCATED,
              "The server's binlog ends in the middle of an event (typical after the primary's disk"
                  + " filled up)."),
          Map.entry(
              CdcErrorCategory.BOGUS_DATA,
              "The server found no valid event at the requested position: the position is not an"
                  + " event start, or the file is damaged there."),
          Map.entry(
              CdcErrorCategory.CHECKSUM_FAILURE,
              "An event failed its CRC32 check: the binlog file (or the network copy) is damaged."),
          Map.entry(
              CdcErrorCategory.FIRST_LOG_FILE_NOT_FOUND,
              "The requested binlog file is not in the server's binlog index: it was purged, or the"
                  + " name is wrong."),
          Map.entry(
              CdcErrorCategory.IMPOSSIBLE_POSITION,
              "The requested position lies beyond the end of the binlog file."),
          Map.entry(
              CdcErrorCategory.GTID_PURGED,
              "The server purged binlogs holding GTIDs the reader still needs: those changes are"
                  + " gone from this server."),
          Map.entry(
              CdcErrorCategory.GTID_NOT_IN_BINLOG,
              "MariaDB has no binlog containing the requested GTID: the position is ahead of the"
                  + " server, or its binlogs were reset."),
          Map.entry(
              CdcErrorCategory.OFFSET_NO_LONGER_AVAILABLE,
              "The connector's stored offset is no longer on the server: the binlog was purged"
                  + " while the job was down or lagging."),
          Map.entry(
              CdcErrorCategory.PACKET_TOO_LARGE,
              "An event is larger than max_allowed_packet, so the server will not send it."),
          Map.entry(
              CdcErrorCategory.CONNECTION_RESET,
              "The binlog connection was cut: network, server restart, timeouts, or a reader"
                  + " stalled by backpressure."),
          Map.entry(
              CdcErrorCategory.DUPLICATE_SERVER_ID,
              "Another binlog reader registered with the same server_id; the server dropped this"
                  + " one."),
          Map.entry(
              CdcErrorCategory.STATEMENT_FORMAT,
              "The binlog holds statement-format DML (binlog_format STATEMENT or MIXED): CDC cannot"
                  + " see those rows."),
          Map.entry(
              CdcErrorCategory.ROW_IMAGE_NOT_FULL,
              "binlog_row_image is not FULL: row events lack the columns CDC needs."),
          Map.entry(
              CdcErrorCategory.SCHEMA_UNKNOWN,
              "A change event belongs to a table whose schema the connector does not know (schema"
                  + " history incomplete)."),
          Map.entry(
              CdcErrorCategory.UNKNOWN,
              "No known binlog or CDC error signature was found in the text."));

  private CdcErrorSignatures() {}

  /** The phrase of {@code signature} that occurs in {@code lower}, or null. */
  static String find(Signature signature, String lower) {
    for (String phrase : signature.phrases()) {
      if (lower.contains(phrase)) {
        return phrase;
      }
    }
    return null;
  }

  static String lower(String text) {
    return text.toLowerCase(Locale.ROOT);
  }
}
