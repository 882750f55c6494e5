package dev.lakeops.tools.binlog.file;

import java.util.Map;

/** The short, human text of one decoded event body for {@code binlog events}. Pure. */
final class EventInfo {

  private EventInfo() {}

  // Requires: tables maps the table ids seen so far in this file to db.table.
  static String of(EventBody body, Map<Long, String> tables) {
    String info;
    if (body instanceof EventBody.FormatDescription f) {
      info =
          "server "
              + f.serverVersion()
              + ", binlog v"
              + f.binlogVersion()
              + ", checksum "
              + (f.checksumAlg() == BinlogReader.CHECKSUM_CRC32 ? "CRC32" : "NONE");
    } else if (body instanceof EventBody.Query q) {
      info = (q.database().isEmpty() ? "" : "db=" + q.database() + " ") + oneLine(q.sql());
    } else if (body instanceof EventBody.Xid x) {
      info = "COMMIT xid=" + Long.toUnsignedString(x.xid());
    } else if (body instanceof EventBody.TableMap t) {
      info = "table_id=" + t.tableId() + " " + t.qualifiedName();
    } else if (body instanceof EventBody.Rows r) {
      info =
          "table_id="
              + r.tableId()
              + " "
              + tables.getOrDefault(r.tableId(), "(no TABLE_MAP seen)")
              + ((r.flags() & 0x1) != 0 ? " STMT_END" : "");
    } else if (body instanceof EventBody.Rotate r) {
      info = "next=" + r.nextFile() + " pos=" + r.position();
    } else if (body instanceof EventBody.MariadbGtid g) {
      info = "GTID " + g.gtid() + (g.standalone() ? " STANDALONE" : " BEGIN");
    } else if (body instanceof EventBody.MariadbGtidList l) {
      info = "GTID_LIST [" + String.join(",", l.gtids()) + "]";
    } else if (body instanceof EventBody.MysqlGtid g) {
      info = g.anonymous() ? "ANONYMOUS_GTID" : "GTID " + g.gtid();
    } else if (body instanceof EventBody.MysqlPreviousGtids p) {
      info = "PREVIOUS_GTIDS [" + p.gtidSet() + "]";
    } else if (body instanceof EventBody.BinlogCheckpoint c) {
      info = "checkpoint " + c.file();
    } else if (body instanceof EventBody.AnnotateRows a) {
      info = oneLine(a.sql());
    } else if (body instanceof EventBody.XaPrepare) {
      info = "XA PREPARE";
    } else {
      info = "";
    }
    return cut(info);
  }

  private static String oneLine(String text) {
    return text.replaceAll("\\s+", " ").strip();
  }

  static String cut(String text) {
    return text.length() <= BinlogEventLister.MAX_INFO
        ? text
        : text.substring(0, BinlogEventLister.MAX_INFO - 3) + "...";
  }
}
