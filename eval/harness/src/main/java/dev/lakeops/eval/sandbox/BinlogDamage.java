package dev.lakeops.eval.sandbox;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The binlog-damage fault on a live server under a running Debezium connector: the connector is
 * stopped (its offset kept) and the server's binlog dump threads ended, {@code statements} are
 * committed, one byte in the middle of their last rows event is flipped in the server's binlog
 * file, and the connector is resumed. With {@code master_verify_checksum=ON} the server refuses to
 * send the event and the connector's task fails on it; the changes after it never reach Kafka, so
 * the lake tables go stale.
 *
 * @param file the binlog file damaged, e.g. {@code mysql-bin.000001}
 * @param eventPosition where the damaged rows event starts (the first bad event)
 * @param transactionStart where its transaction's Gtid event starts (the restart position: the end
 *     of the last complete transaction)
 * @param gtid the damaged transaction's GTID, e.g. {@code 0-1-42}
 */
public record BinlogDamage(String file, long eventPosition, long transactionStart, String gtid) {

  /** One row of {@code SHOW BINLOG EVENTS}. */
  public record Event(long pos, String type, long end, String info) {}

  /**
   * Injects the fault and returns once the connector's task has FAILED.
   *
   * @throws SandboxException the statements wrote no rows event, or the task did not fail in 60 s
   */
  public static BinlogDamage inject(
      MariaDbServer db, DebeziumMariaDbConnector connector, String... statements) {
    connector.stop();
    try {
      db.disconnectBinlogReaders();
      db.execute("SET GLOBAL master_verify_checksum = ON");
      String file = currentFile(db);
      long before = events(db, file).stream().mapToLong(Event::end).max().orElse(0);
      db.execute(statements);
      List<Event> events = events(db, file);
      Event rows =
          events.stream()
              .filter(e -> e.pos() >= before && e.type().contains("_rows"))
              .reduce((a, b) -> b)
              .orElseThrow(
                  () ->
                      new SandboxException(
                          "The statements wrote no rows event to " + file + " after " + before));
      Event gtid =
          events.stream()
              .filter(e -> e.type().equals("Gtid") && e.pos() < rows.pos())
              .reduce((a, b) -> b)
              .orElseThrow(() -> new SandboxException("No Gtid event before " + rows));
      flip(db, file, (rows.pos() + rows.end()) / 2);
      connector.resumeNoWait();
      connector.awaitTaskState("FAILED");
      return new BinlogDamage(
          file, rows.pos(), gtid.pos(), gtid.info().replace("BEGIN GTID ", "").strip());
    } catch (SQLException e) {
      throw new SandboxException("Cannot read the binlog of MariaDB: " + e.getMessage(), e);
    }
  }

  /** {@code SHOW BINLOG EVENTS IN file}. */
  public static List<Event> events(MariaDbServer db, String file) throws SQLException {
    List<Event> out = new ArrayList<>();
    try (Connection c = db.connectAdmin();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW BINLOG EVENTS IN '" + file + "'")) {
      while (rs.next()) {
        out.add(new Event(rs.getLong(2), rs.getString(3), rs.getLong(5), rs.getString(6)));
      }
    }
    return out;
  }

  private static String currentFile(MariaDbServer db) throws SQLException {
    try (Connection c = db.connectAdmin();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW MASTER STATUS")) {
      if (!rs.next()) {
        throw new SandboxException("MariaDB has binary logging off");
      }
      return rs.getString(1);
    }
  }

  /** XORs the byte at {@code offset} of the server's binlog {@code file} with 0xff, in place. */
  public static void flip(MariaDbServer db, String file, long offset) {
    try (RandomAccessFile f = new RandomAccessFile(db.binlogFile(file).toFile(), "rw")) {
      f.seek(offset);
      int b = f.read();
      f.seek(offset);
      f.write(b ^ 0xff);
    } catch (IOException e) {
      throw new SandboxException("Cannot damage " + db.binlogFile(file) + " at " + offset, e);
    }
  }
}
