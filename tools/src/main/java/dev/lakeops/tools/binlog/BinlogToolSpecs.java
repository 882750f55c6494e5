package dev.lakeops.tools.binlog;

import static dev.lakeops.tools.spec.ParamType.INTEGER;
import static dev.lakeops.tools.spec.ParamType.LIST;
import static dev.lakeops.tools.spec.ParamType.STRING;

import dev.lakeops.tools.binlog.file.BinlogFindings;
import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.List;

/**
 * The declarations of the binlog file tools ({@link BinlogTools}). Paths are on the lakeops host;
 * where callers come from other systems the binding confines them to one directory.
 */
public final class BinlogToolSpecs {

  public static final ToolSpec VERIFY =
      new ToolSpec(
          BinlogTools.VERIFY,
          "Verifies one MySQL/MariaDB binlog file: CRC32 and header of every event, the first bad"
              + " event, where valid events resume, the safe restart position (end of the last"
              + " complete transaction) with its GTID, and the transactions and tables lost."
              + " Read-only. Status NO_DATA: no such file.",
          List.of(
              ToolParam.required(
                  "path",
                  STRING,
                  "Path of a binlog file on the lakeops host, e.g."
                      + " /var/lib/mysql/mysql-bin.000042")),
          FindingCodes.of(
              BinlogFindings.OK,
              BinlogFindings.TRUNCATED,
              BinlogFindings.BAD_MAGIC,
              BinlogFindings.HEADER_INVALID,
              BinlogFindings.CRC_MISMATCH,
              BinlogFindings.BODY_INVALID,
              BinlogFindings.RESTART_POSITION,
              BinlogFindings.RESYNC,
              BinlogFindings.STATEMENT_DML,
              BinlogFindings.LOG_POS_MISMATCH,
              BinlogFindings.IN_USE));

  public static final ToolSpec PLAN =
      new ToolSpec(
          BinlogTools.PLAN,
          "Recovery plan for a CDC source that failed on damaged binlog: reads the given binlog"
              + " files (in server order), finds the first damage and returns the options (read"
              + " from a healthy replica, restart at a specific offset or GTID set after the"
              + " damage, timestamp start-up, skip with warn) with the exact Flink CDC connector"
              + " options, what each loses (transactions, GTIDs, events, bytes, tables, time"
              + " window), preconditions and cost, plus a bounded backfill with reconciliation"
              + " query templates. Read-only. Compact JSON.",
          List.of(
              ToolParam.required(
                  "paths",
                  LIST,
                  "Binlog file paths on the lakeops host, in server order, "
                      + "e.g. [\"/var/lib/mysql/mysql-bin.000042\"]"),
              ToolParam.optional(
                  "replica_gtid_set",
                  STRING,
                  "A healthy replica's executed GTID set (MySQL @@gtid_executed, "
                      + "MariaDB @@gtid_binlog_pos); empty if unknown")),
          FindingCodes.none());

  public static final ToolSpec EVENTS =
      new ToolSpec(
          BinlogTools.EVENTS,
          "Lists the events of one binlog file from an offset: offset, type, size, log_pos,"
              + " timestamp, server id, CRC outcome and a short info (GTID, SQL, db.table, xid);"
              + " damaged spans are listed with the reason. Page with nextOffset. Read-only."
              + " Compact JSON.",
          List.of(
              ToolParam.required("path", STRING, "Path of a binlog file on the lakeops host"),
              ToolParam.optional("from", INTEGER, "File offset to start listing from")
                  .between(0, Long.MAX_VALUE)
                  .withDefault("0"),
              ToolParam.optional("limit", INTEGER, "Most events to return")
                  .between(1, BinlogTools.MAX_TOOL_EVENTS)
                  .withDefault("50")),
          FindingCodes.none());

  public static final ToolSpec CLASSIFY_ERROR =
      new ToolSpec(
          BinlogTools.CLASSIFY_ERROR,
          "Classifies an error text from Flink CDC, Debezium or a MySQL/MariaDB server"
              + " (EventHeaderV4 deserialization, errno 1236 variants, purged GTIDs, offset no"
              + " longer available, missing TABLE_MAP, connection reset, duplicate server id,"
              + " statement format): category, the binlog file, position, GTID and server id"
              + " written in it, and next steps. Pure. Compact JSON.",
          List.of(
              ToolParam.required("text", STRING, "The error text as pasted, stack trace included")),
          FindingCodes.none());

  /** Every binlog file tool. */
  public static final List<ToolSpec> ALL = List.of(VERIFY, PLAN, EVENTS, CLASSIFY_ERROR);

  private BinlogToolSpecs() {}
}
