package dev.lakeops.tools.binlog.live;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether the binlog a connector's stored offset needs is still on the server, and whether the next
 * expiry takes it (binlog.md §9.2, §11). A file/pos is checked against {@code SHOW BINARY LOGS}; a
 * MariaDB GTID position against {@code gtid_binlog_pos} and the oldest file's {@code Gtid_list}; a
 * MySQL GTID set against {@code gtid_purged} and {@code gtid_executed}. Pure.
 */
final class PurgeRiskCheck {

  private final double nearFraction;

  PurgeRiskCheck(double nearFraction) {
    if (!(nearFraction > 0 && nearFraction <= 1)) {
      throw new IllegalArgumentException("nearFraction " + nearFraction + " is not in (0, 1]");
    }
    this.nearFraction = nearFraction;
  }

  /** Seconds after which the server purges a binlog file on its own; 0 when it never does. */
  static long retentionSeconds(BinlogServerSnapshot s) {
    long seconds = parseLong(s.variable("binlog_expire_logs_seconds").orElse("0"));
    if (seconds > 0) {
      return seconds;
    }
    double days = parseDouble(s.variable("expire_logs_days").orElse("0"));
    return Math.round(days * 86_400);
  }

  List<Finding> check(BinlogServerSnapshot s, ConnectorOffset offset, String subject) {
    List<String> sources = List.of(s.endpoint() + " SHOW BINARY LOGS");
    Map<String, String> e = new LinkedHashMap<>();
    e.put("offset", offset.toString());
    if (!s.binaryLogs().isEmpty()) {
      e.put("oldest", s.binaryLogs().get(0).name());
    }
    if (s.status() != null) {
      e.put("current", s.status().file() + ":" + s.status().position());
    }
    e.put("retentionSeconds", Long.toString(retentionSeconds(s)));
    try {
      if (!offset.isGtid()) {
        return filePos(s, offset, subject, e, sources);
      }
      return s.isMariadb()
          ? mariadbGtids(s, offset, subject, e)
          : mysqlGtids(s, offset, subject, e);
    } catch (IllegalArgumentException bad) {
      e.put("error", bad.getMessage());
      return List.of(
          new Finding(
              Severity.CRITICAL,
              BinlogServerAnalyzer.OFFSET_UNKNOWN,
              subject,
              "The offset "
                  + offset
                  + " cannot be checked against this "
                  + (s.isMariadb() ? "MariaDB" : "MySQL")
                  + " server: "
                  + bad.getMessage()
                  + ".",
              e,
              sources));
    }
  }

  private List<Finding> filePos(
      BinlogServerSnapshot s,
      ConnectorOffset o,
      String subject,
      Map<String, String> e,
      List<String> sources) {
    List<BinaryLogFile> logs = s.binaryLogs();
    int index = -1;
    for (int i = 0; i < logs.size(); i++) {
      if (logs.get(i).name().equals(o.file())) {
        index = i;
      }
    }
    if (index < 0) {
      boolean older =
          !logs.isEmpty()
              && sameBase(o.file(), logs.get(0).name())
              && sequence(o.file()) < sequence(logs.get(0).name());
      if (older) {
        return List.of(
            new Finding(
                Severity.CRITICAL,
                BinlogServerAnalyzer.PURGE_RISK,
                subject,
                "The offset "
                    + o
                    + " is in a binlog file the server has already purged (its oldest is "
                    + logs.get(0).name()
                    + "): the connector fails with 'Could not find first log file name in binary"
                    + " log index file' (1236). The changes between the offset and the oldest file"
                    + " are lost for CDC: re-snapshot, or restart from the oldest file with a"
                    + " bounded backfill.",
                e,
                sources));
      }
      return List.of(
          new Finding(
              Severity.CRITICAL,
              BinlogServerAnalyzer.OFFSET_UNKNOWN,
              subject,
              "The server has no binlog file "
                  + o.file()
                  + " (it has "
                  + names(logs)
                  + "): the offset belongs to another server or a reset binlog; the connector fails"
                  + " with 'Could not find first log file name in binary log index file' (1236).",
              e,
              sources));
    }
    BinaryLogFile file = logs.get(index);
    e.put("fileSize", Long.toString(file.size()));
    if (o.pos() > file.size()) {
      return List.of(
          new Finding(
              Severity.CRITICAL,
              BinlogServerAnalyzer.OFFSET_UNKNOWN,
              subject,
              "Position "
                  + o.pos()
                  + " is beyond the end of "
                  + file.name()
                  + " ("
                  + file.size()
                  + " bytes): the connector fails with 'Client requested master to start"
                  + " replication from impossible position' (1236).",
              e,
              sources));
    }
    long before = o.pos();
    for (int i = 0; i < index; i++) {
      before += logs.get(i).size();
    }
    long total = Math.max(1, s.totalBinlogBytes());
    long backlog = total - before;
    e.put("backlogBytes", Long.toString(backlog));
    e.put("totalBytes", Long.toString(total));
    long retention = retentionSeconds(s);
    boolean oldestOfSeveral = index == 0 && logs.size() > 1;
    if (retention > 0 && (oldestOfSeveral || backlog >= nearFraction * total)) {
      return List.of(
          new Finding(
              Severity.WARN,
              BinlogServerAnalyzer.PURGE_RISK,
              subject,
              "The offset "
                  + o
                  + " is "
                  + (oldestOfSeveral
                      ? "in the oldest binlog file"
                      : "near the old end of the binlog")
                  + " ("
                  + backlog
                  + " of "
                  + total
                  + " bytes lie after it) and files expire after "
                  + retention
                  + " s: if the connector does not catch up first, the next purge removes what it"
                  + " needs.",
              e,
              sources));
    }
    return List.of();
  }

  private List<Finding> mariadbGtids(
      BinlogServerSnapshot s, ConnectorOffset o, String subject, Map<String, String> e) {
    List<String> sources =
        List.of(s.endpoint() + " SHOW GLOBAL VARIABLES", s.endpoint() + " SHOW BINLOG EVENTS");
    Map<Long, MariadbGtids.Gtid> wanted = MariadbGtids.parse(o.gtidSet());
    Map<Long, MariadbGtids.Gtid> server =
        MariadbGtids.parse(s.variable("gtid_binlog_pos").orElse(""));
    Map<Long, MariadbGtids.Gtid> oldest =
        s.oldestGtidList() == null ? Map.of() : MariadbGtids.parse(s.oldestGtidList());
    e.put("gtid_binlog_pos", s.variable("gtid_binlog_pos").orElse(""));
    if (s.oldestGtidList() != null) {
      e.put("oldestGtidList", s.oldestGtidList());
    }
    List<Finding> findings = new ArrayList<>();
    for (MariadbGtids.Gtid g : wanted.values()) {
      MariadbGtids.Gtid have = server.get(g.domain());
      MariadbGtids.Gtid floor = oldest.get(g.domain());
      if (have == null) {
        findings.add(
            new Finding(
                Severity.CRITICAL,
                BinlogServerAnalyzer.OFFSET_UNKNOWN,
                subject,
                "Domain "
                    + g.domain()
                    + " of "
                    + g
                    + " does not exist on this server (gtid_binlog_pos "
                    + server.values()
                    + "): MariaDB raises no error for it and streams from the first binlog again, a"
                    + " silent full replay (duplicates). Check that the connector points at the"
                    + " right server.",
                e,
                sources));
      } else if (g.seq() > have.seq()) {
        findings.add(
            new Finding(
                Severity.CRITICAL,
                BinlogServerAnalyzer.OFFSET_UNKNOWN,
                subject,
                g
                    + " is ahead of the server's "
                    + have
                    + ": the connector fails with 'connecting slave requested to start "
                    + "from GTID "
                    + g
                    + ", which is not in the master's binlog' (1236). The offset is from another"
                    + " server or the server lost transactions (failover without them).",
                e,
                sources));
      } else if (floor != null && g.seq() < floor.seq()) {
        findings.add(
            new Finding(
                Severity.CRITICAL,
                BinlogServerAnalyzer.PURGE_RISK,
                subject,
                g
                    + " is older than the oldest binlog's starting state "
                    + floor
                    + ": the transactions after it are purged; the connector fails with 'Could not"
                    + " find GTID state requested by slave in any binlog files' (1236)."
                    + " Re-snapshot, or restart from "
                    + floor
                    + " with a bounded backfill.",
                e,
                sources));
      }
    }
    return findings;
  }

  private List<Finding> mysqlGtids(
      BinlogServerSnapshot s, ConnectorOffset o, String subject, Map<String, String> e) {
    List<String> sources = List.of(s.endpoint() + " SHOW GLOBAL VARIABLES");
    MysqlGtidSet wanted = MysqlGtidSet.parse(o.gtidSet());
    MysqlGtidSet purged = MysqlGtidSet.parse(s.variable("gtid_purged").orElse(""));
    MysqlGtidSet executed = MysqlGtidSet.parse(s.variable("gtid_executed").orElse(""));
    e.put("gtid_purged", s.variable("gtid_purged").orElse(""));
    e.put("gtid_executed", s.variable("gtid_executed").orElse(""));
    List<Finding> findings = new ArrayList<>();
    if (!wanted.containsAll(purged)) {
      e.put("purgedButNeeded", wanted.missingFrom(purged));
      findings.add(
          new Finding(
              Severity.CRITICAL,
              BinlogServerAnalyzer.PURGE_RISK,
              subject,
              "The server has purged transactions the connector has not read ("
                  + wanted.missingFrom(purged)
                  + "): it fails with 'the master has purged binary logs containing GTIDs that the"
                  + " slave requires' (1236). Re-snapshot, or restart from the server's gtid_purged"
                  + " with a bounded backfill.",
              e,
              sources));
    }
    if (!executed.containsAll(wanted)) {
      e.put("unknownToServer", executed.missingFrom(wanted));
      findings.add(
          new Finding(
              Severity.CRITICAL,
              BinlogServerAnalyzer.OFFSET_UNKNOWN,
              subject,
              "The offset holds transactions this server never executed ("
                  + executed.missingFrom(wanted)
                  + "): it is from "
                  + "another server, or this one lost them in a failover.",
              e,
              sources));
    }
    return findings;
  }

  private static boolean sameBase(String a, String b) {
    int i = a.lastIndexOf('.');
    int j = b.lastIndexOf('.');
    return i > 0 && j > 0 && a.substring(0, i).equals(b.substring(0, j));
  }

  private static long sequence(String name) {
    return parseLong(name.substring(name.lastIndexOf('.') + 1));
  }

  private static String names(List<BinaryLogFile> logs) {
    if (logs.isEmpty()) {
      return "none";
    }
    return logs.size() <= 3
        ? String.join(", ", logs.stream().map(BinaryLogFile::name).toList())
        : logs.get(0).name() + " .. " + logs.get(logs.size() - 1).name();
  }

  private static long parseLong(String text) {
    try {
      return Long.parseLong(text.strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static double parseDouble(String text) {
    try {
      return Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
