package dev.lakeops.eval.binlog;

import dev.lakeops.eval.sandbox.MariaDbServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Random;

/**
 * Writes binlogs with many column types, NULLs, multi-statement transactions, DDL, rotations, a
 * statement-format transaction and a file without checksums, and names the closed files by role.
 */
final class BinlogWorkload {

  /**
   * The closed binlog files the workload wrote.
   *
   * @param rows CRC32: DDL, then many rows of every column type in single and multi-statement
   *     transactions
   * @param mixed CRC32, small: DDL, a two-table transaction, a statement-format transaction
   * @param none written with {@code binlog_checksum=NONE}
   * @param afterNone CRC32 again after switching back
   */
  record Files(String rows, String mixed, String none, String afterNone) {}

  private BinlogWorkload() {}

  static Files run(MariaDbServer server) throws SQLException {
    try (Connection c = server.connectAdmin();
        Statement s = c.createStatement()) {
      String rows = currentFile(s);
      s.execute("CREATE DATABASE shop");
      s.execute(
          "CREATE TABLE shop.kinds (id INT PRIMARY KEY, b BIGINT, d DECIMAL(12,3), f FLOAT, g"
              + " DOUBLE, v VARCHAR(200), t TEXT, bl BLOB, dt DATE, dtt DATETIME(3), ts"
              + " TIMESTAMP(6) NULL, j JSON, e ENUM('a','b','c'), st SET('x','y','z'), bt BIT(10),"
              + " ti TINYINT, si SMALLINT UNSIGNED, ch CHAR(5), vb VARBINARY(20), tm TIME(2), yr"
              + " YEAR) ENGINE=InnoDB");
      Random random = new Random(42);
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO shop.kinds VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")) {
        for (int id = 1; id <= 40; id++) {
          if (id % 10 == 1 && id > 1) {
            c.setAutoCommit(false); // a multi-statement transaction of several inserts
          }
          boolean nulls = id % 7 == 0;
          insert.setInt(1, id);
          setOrNull(insert, 2, nulls, (long) id * 1_000_000_007L);
          setOrNull(insert, 3, nulls, new java.math.BigDecimal(id + ".125"));
          setOrNull(insert, 4, nulls, id * 1.5f);
          setOrNull(insert, 5, nulls, id / 3.0);
          setOrNull(insert, 6, nulls, "name-" + id + "-ü€");
          setOrNull(insert, 7, nulls, "text ".repeat(20 + random.nextInt(200)));
          setOrNull(insert, 8, nulls, blob(random, 50 + random.nextInt(300)));
          setOrNull(insert, 9, nulls, java.sql.Date.valueOf("2026-01-" + (1 + id % 28)));
          setOrNull(insert, 10, nulls, java.sql.Timestamp.valueOf("2026-02-03 04:05:06.789"));
          setOrNull(insert, 11, nulls, java.sql.Timestamp.valueOf("2026-03-04 05:06:07.123456"));
          setOrNull(insert, 12, nulls, "{\"id\":" + id + ",\"tags\":[\"a\",\"b\"]}");
          setOrNull(insert, 13, nulls, new String[] {"a", "b", "c"}[id % 3]);
          setOrNull(insert, 14, nulls, id % 2 == 0 ? "x,z" : "y");
          setOrNull(insert, 15, nulls, id % 1024);
          setOrNull(insert, 16, nulls, id - 20);
          setOrNull(insert, 17, nulls, id * 1000);
          setOrNull(insert, 18, nulls, "c" + id % 10);
          setOrNull(insert, 19, nulls, new byte[] {(byte) id, 0, (byte) 0xff});
          setOrNull(insert, 20, nulls, "12:34:56.78");
          setOrNull(insert, 21, nulls, 2000 + id);
          insert.executeUpdate();
          if (!c.getAutoCommit() && id % 10 == 5) {
            c.commit();
            c.setAutoCommit(true);
          }
        }
      }
      c.setAutoCommit(false);
      s.execute("UPDATE shop.kinds SET v = CONCAT(v, '!'), d = d + 1 WHERE id <= 12");
      s.execute("DELETE FROM shop.kinds WHERE id IN (3, 4)");
      s.execute("INSERT INTO shop.kinds (id, v) VALUES (100, NULL)");
      c.commit();
      c.setAutoCommit(true);
      s.execute("UPDATE shop.kinds SET j = JSON_SET(j, '$.seen', true) WHERE id > 30");
      s.execute("FLUSH BINARY LOGS");

      String mixed = currentFile(s);
      s.execute("ALTER TABLE shop.kinds ADD COLUMN note VARCHAR(20) DEFAULT 'n'");
      s.execute(
          "CREATE TABLE shop.orders (id INT AUTO_INCREMENT PRIMARY KEY, kind_id INT, amount"
              + " DECIMAL(10,2))");
      c.setAutoCommit(false);
      s.execute("INSERT INTO shop.orders (kind_id, amount) VALUES (1, 9.99), (2, 19.50)");
      s.execute("UPDATE shop.kinds SET note = 'ordered' WHERE id IN (1, 2)");
      c.commit();
      s.execute("SET SESSION binlog_format = 'STATEMENT'");
      s.execute("INSERT INTO shop.orders (kind_id, amount) VALUES (5, 1.00)");
      s.execute("UPDATE shop.orders SET amount = amount * 2 WHERE kind_id = 5");
      c.commit();
      s.execute("SET SESSION binlog_format = 'ROW'");
      s.execute("DELETE FROM shop.orders WHERE kind_id = 5");
      c.rollback(); // never logged
      s.execute("DELETE FROM shop.orders WHERE kind_id = 2");
      c.commit();
      c.setAutoCommit(true);
      s.execute("FLUSH BINARY LOGS");

      s.execute("SET GLOBAL binlog_checksum = NONE"); // rotates: the next file has no CRC trailers
      String none = currentFile(s);
      s.execute("INSERT INTO shop.orders (kind_id, amount) VALUES (7, 7.77), (8, 8.88)");
      c.setAutoCommit(false);
      s.execute("UPDATE shop.kinds SET t = 'short' WHERE id BETWEEN 5 AND 9");
      s.execute("DELETE FROM shop.orders WHERE kind_id = 7");
      c.commit();
      c.setAutoCommit(true);
      s.execute("CREATE TABLE shop.audit (id INT PRIMARY KEY, at DATETIME)");
      s.execute("SET GLOBAL binlog_checksum = CRC32"); // rotates again

      String afterNone = currentFile(s);
      s.execute("INSERT INTO shop.audit VALUES (1, '2026-05-06 07:08:09'), (2, NULL)");
      s.execute("FLUSH BINARY LOGS");
      return new Files(rows, mixed, none, afterNone);
    }
  }

  static String currentFile(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SHOW MASTER STATUS")) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static byte[] blob(Random random, int n) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    return b;
  }

  private static void setOrNull(PreparedStatement p, int index, boolean nul, Object value)
      throws SQLException {
    if (nul && index > 1) {
      p.setNull(index, java.sql.Types.NULL);
    } else {
      p.setObject(index, value);
    }
  }
}
