package dev.lakeops.eval.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.eval.sandbox.MariaDbServer;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Captures the error texts a live MariaDB gives CDC clients, over JDBC and over the replication
 * protocol ({@code mariadb-binlog --read-from-remote-server}), and checks them against the stored
 * copies in {@code tools/src/test/resources/binlog/errors/} (numbers masked). With {@code
 * -Dlakeops.binlog.errors.write=true} it rewrites the stored copies instead.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BinlogErrorTextsIT {

  private static final int PORT = 61304;
  private static final int CLOSED_PORT = 61398;
  private static final Path STORED =
      Path.of(System.getProperty("lakeops.home", "../.."))
          .resolve("tools/src/test/resources/binlog/errors");

  private LiveBinlogs live;
  private final Map<String, String> captured = new LinkedHashMap<>();

  @BeforeAll
  void startServerAndWriteBinlogs() throws Exception {
    live = LiveBinlogs.start("errors-it", PORT);
    live.server.execute(
        "CREATE USER 'nomonitor'@'%' IDENTIFIED BY 'nm'", "GRANT SELECT ON *.* TO 'nomonitor'@'%'");
  }

  @AfterAll
  void stopServer() {
    if (live != null) {
      live.close();
    }
  }

  @Test
  void capturesTheServersErrorTexts() throws Exception {
    String rows = live.files.rows();
    String lastGtid;
    try (Connection c = live.server.connectAdmin();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT @@gtid_binlog_pos")) {
      rs.next();
      lastGtid = rs.getString(1);
    }
    long lastSeq = Long.parseLong(lastGtid.substring(lastGtid.lastIndexOf('-') + 1));

    // Replication protocol: what a binlog client (Debezium / Flink CDC) receives as error 1236.
    repl("repl-impossible-position", cdc("--start-position=999999", rows));
    repl("repl-file-not-in-index", cdc("mysql-bin.999999"));
    repl("repl-gtid-not-in-master-binlog", cdc("--start-position=0-1-" + (lastSeq + 100), rows));
    repl("repl-gtid-unknown-domain-client-side", cdc("--start-position=5-1-3", rows));
    repl("repl-access-denied-replication-slave", remote("nomonitor", "nm", List.of(rows)));
    repl("repl-wrong-password", remote("cdc", "wrong-password", List.of(rows)));
    midEventPositions(rows);
    duplicateServerId();

    // JDBC: what SHOW statements answer.
    ServerEvents.Event write = live.listings.get(rows).nth("Write_rows_v1", 0);
    jdbc(
        "jdbc-show-binlog-events-wrong-offset",
        MariaDbServer.CDC_USER,
        MariaDbServer.CDC_PASSWORD,
        "SHOW BINLOG EVENTS IN '" + rows + "' FROM " + (write.pos() + 5) + " LIMIT 3");
    jdbc(
        "jdbc-show-binlog-events-no-such-log",
        MariaDbServer.CDC_USER,
        MariaDbServer.CDC_PASSWORD,
        "SHOW BINLOG EVENTS IN 'mysql-bin.999999'");
    jdbc("jdbc-show-binary-logs-no-binlog-monitor", "nomonitor", "nm", "SHOW BINARY LOGS");
    jdbc("jdbc-wrong-password", MariaDbServer.CDC_USER, "wrong-password", "SELECT 1");
    jdbcRefused();

    // A damaged and a truncated closed binlog served by the server (binlog.md §9.1).
    damagedFilesServed(write);
    purgedGtid();

    compareOrWrite();
  }

  private void midEventPositions(String file) {
    // Starting inside an event: what the server says depends on the bytes it takes for a header.
    Map<String, String> wanted = new LinkedHashMap<>();
    wanted.put("bogus data in log event", "repl-position-inside-event-bogus-data");
    wanted.put(
        "binlog truncated in the middle of event", "repl-position-inside-event-binlog-truncated");
    wanted.put("exceeded max_allowed_packet", "repl-position-inside-event-max-allowed-packet");
    for (ServerEvents.Event e : live.listings.get(file).events) {
      for (long pos = e.pos() + 1; pos < e.end() && !wanted.isEmpty(); pos += 3) {
        MariadbBinlogTool.Result r = cdc("--start-position=" + pos, file);
        String text = errorLine(r);
        for (String key : List.copyOf(wanted.keySet())) {
          if (text.contains(key)) {
            captured.put(wanted.remove(key), text);
          }
        }
      }
      if (wanted.isEmpty()) {
        return;
      }
    }
    throw new AssertionError("no start position in " + file + " gave: " + wanted.keySet());
  }

  private void duplicateServerId() throws Exception {
    List<String> args =
        remoteArgs(
            "cdc",
            MariaDbServer.CDC_PASSWORD,
            List.of("--stop-never", "--stop-never-slave-server-id=77", live.files.afterNone()));
    Path err1 = Files.createTempFile("dup1", ".err");
    Process first =
        new ProcessBuilder(args)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(err1.toFile())
            .start();
    Process second = null;
    try {
      awaitBinlogDumps(1);
      second =
          new ProcessBuilder(args)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      assertThat(first.waitFor(30, TimeUnit.SECONDS))
          .as("the first client is dropped when the second registers")
          .isTrue();
      captured.put(
          "repl-duplicate-server-id",
          errorLine(
              new MariadbBinlogTool.Result(
                  first.exitValue(), Files.readString(err1, StandardCharsets.UTF_8))));
    } finally {
      for (Process p : new Process[] {first, second}) {
        if (p != null && p.isAlive()) {
          p.destroy();
          if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
          }
        }
      }
      Files.deleteIfExists(err1);
    }
  }

  private void awaitBinlogDumps(int n) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      try (Connection c = live.server.connectAdmin();
          Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE COMMAND = 'Binlog"
                      + " Dump'")) {
        rs.next();
        if (rs.getInt(1) >= n) {
          return;
        }
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no binlog dump thread appeared within 30 s");
  }

  private void damagedFilesServed(ServerEvents.Event write) throws Exception {
    String rows = live.files.rows();
    String mixed = live.files.mixed();
    ServerEvents.Event cut = live.listings.get(mixed).nth("Table_map", 1);
    live.server.stop();
    try (RandomAccessFile f = new RandomAccessFile(live.server.binlogFile(rows).toFile(), "rw")) {
      long at = (write.pos() + write.end()) / 2;
      f.seek(at);
      int b = f.read();
      f.seek(at);
      f.write(b ^ 0xff);
    }
    try (RandomAccessFile f = new RandomAccessFile(live.server.binlogFile(mixed).toFile(), "rw")) {
      f.setLength(cut.pos() + 10);
    }
    live.server.startAgain();
    live.server.execute("SET GLOBAL master_verify_checksum = ON");
    repl("repl-crc-check-failed", cdc(rows));
    repl("repl-binlog-truncated-file", cdc(mixed));
    jdbc(
        "jdbc-show-binlog-events-crc-check-failed",
        MariaDbServer.CDC_USER,
        MariaDbServer.CDC_PASSWORD,
        "SHOW BINLOG EVENTS IN '" + rows + "'");
  }

  private void purgedGtid() throws SQLException {
    String none = live.files.none();
    live.server.execute("PURGE BINARY LOGS TO '" + none + "'");
    String list;
    try (Connection c = live.server.connectAdmin();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW BINLOG EVENTS IN '" + none + "' LIMIT 2")) {
      rs.next();
      rs.next();
      list = rs.getString(6);
    }
    long floor = Long.parseLong(list.replaceAll(".*-(\\d+)\\].*", "$1"));
    repl("repl-gtid-purged", cdc("--start-position=0-1-" + (floor - 1), none));
  }

  private void jdbcRefused() {
    try (Connection c =
        new org.mariadb.jdbc.Driver()
            .connect(
                "jdbc:mariadb://127.0.0.1:" + CLOSED_PORT + "/?connectTimeout=3000",
                new java.util.Properties())) {
      throw new AssertionError("port " + CLOSED_PORT + " accepted a connection");
    } catch (SQLException e) {
      captured.put(
          "jdbc-connection-refused",
          e.getMessage() + " [errno " + e.getErrorCode() + ", SQLSTATE " + e.getSQLState() + "]");
    }
  }

  private void jdbc(String name, String user, String password, String sql) {
    try (Connection c = live.server.connect(user, password);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        // read everything: some errors arrive with a later row
      }
      throw new AssertionError(name + ": " + sql + " did not fail");
    } catch (SQLException e) {
      captured.put(
          name,
          e.getMessage() + " [errno " + e.getErrorCode() + ", SQLSTATE " + e.getSQLState() + "]");
    }
  }

  private void repl(String name, MariadbBinlogTool.Result result) {
    assertThat(result.exitCode()).as(name + ": " + result.stderr()).isNotZero();
    captured.put(name, errorLine(result));
  }

  private static String errorLine(MariadbBinlogTool.Result r) {
    return r.stderr()
        .lines()
        .filter(l -> l.startsWith("ERROR:"))
        .findFirst()
        .orElse(r.stderr().strip());
  }

  private MariadbBinlogTool.Result cdc(String... args) {
    return remote(MariaDbServer.CDC_USER, MariaDbServer.CDC_PASSWORD, List.of(args));
  }

  private MariadbBinlogTool.Result remote(String user, String password, List<String> args) {
    List<String> all = remoteArgs(user, password, args);
    return MariadbBinlogTool.run(all.subList(2, all.size()), 30);
  }

  private static List<String> remoteArgs(String user, String password, List<String> args) {
    List<String> all =
        new ArrayList<>(
            List.of(
                "mariadb-binlog",
                "--no-defaults",
                "--read-from-remote-server",
                "--host=127.0.0.1",
                "--port=" + PORT,
                "--user=" + user,
                "--password=" + password));
    all.addAll(args);
    return all;
  }

  private void compareOrWrite() throws IOException {
    if (Boolean.getBoolean("lakeops.binlog.errors.write")) {
      Files.createDirectories(STORED);
      for (Map.Entry<String, String> e : captured.entrySet()) {
        Files.writeString(
            STORED.resolve(e.getKey() + ".txt"), e.getValue() + "\n", StandardCharsets.UTF_8);
      }
      return;
    }
    for (Map.Entry<String, String> e : captured.entrySet()) {
      Path stored = STORED.resolve(e.getKey() + ".txt");
      assertThat(stored)
          .as("stored text for %s (run with -Dlakeops.binlog.errors.write=true)", e.getKey())
          .exists();
      assertThat(mask(Files.readString(stored, StandardCharsets.UTF_8).strip()))
          .as(e.getKey())
          .isEqualTo(mask(e.getValue()));
    }
  }

  /** Numbers (positions, connection ids, GTIDs, ports) vary with the workload and the run. */
  private static String mask(String text) {
    return text.replaceAll("\\d+", "N");
  }
}
