package dev.lakeops.tools.binlog.live;

import static dev.lakeops.tools.spec.ParamType.INTEGER;
import static dev.lakeops.tools.spec.ParamType.STRING;

import dev.lakeops.tools.spec.FindingCodes;
import dev.lakeops.tools.spec.ToolParam;
import dev.lakeops.tools.spec.ToolSpec;
import java.util.List;

/**
 * The declaration of the live binlog server tool ({@link BinlogServerTools}): a configured server
 * by name only.
 */
public final class BinlogServerToolSpecs {

  public static final ToolSpec STATUS =
      new ToolSpec(
          BinlogServerTools.STATUS,
          "Binlog state of a MySQL/MariaDB server over JDBC, read-only (SHOW BINARY LOGS, SHOW"
              + " MASTER STATUS, variables): binlog format, row image, checksum, whether binary"
              + " logging is on; with a connector's stored offset (file and position, or GTID set)"
              + " also whether it is already purged or next to expire, and whether the server knows"
              + " it (not on this server, beyond the end, GTID ahead or in an unknown domain)."
              + " Status NO_DATA: no such server.",
          List.of(
              ToolParam.required(
                  "server", STRING, "Server name as configured in lakeops.binlog.servers"),
              ToolParam.optional(
                  "offset_file", STRING, "Connector offset: binlog file, e.g. mysql-bin.000042"),
              ToolParam.optional("offset_pos", INTEGER, "Connector offset: position in that file")
                  .between(0, Long.MAX_VALUE),
              ToolParam.optional(
                  "gtid_set",
                  STRING,
                  "Connector offset as a GTID set instead (MariaDB 0-1-42, MySQL uuid:1-42)")),
          FindingCodes.of(
              BinlogServerAnalyzer.OK,
              BinlogServerAnalyzer.BINLOGS,
              BinlogServerAnalyzer.LOG_BIN_OFF,
              BinlogServerAnalyzer.FORMAT_NOT_ROW,
              BinlogServerAnalyzer.ROW_IMAGE_NOT_FULL,
              BinlogServerAnalyzer.CHECKSUM_NONE,
              BinlogServerAnalyzer.PURGE_RISK,
              BinlogServerAnalyzer.OFFSET_UNKNOWN));

  private BinlogServerToolSpecs() {}
}
