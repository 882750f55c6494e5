package dev.lakeops.eval.binlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.eval.sandbox.MariaDbServer;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.live.BinaryLogFile;
import dev.lakeops.tools.binlog.live.BinlogServerAnalyzer;
import dev.lakeops.tools.binlog.live.BinlogServerConnection;
import dev.lakeops.tools.binlog.live.BinlogServerProbe;
import dev.lakeops.tools.binlog.live.BinlogServerSnapshot;
import dev.lakeops.tools.binlog.live.BinlogServerTools;
import dev.lakeops.tools.binlog.live.ConnectorOffset;
import dev.lakeops.tools.binlog.live.MariadbGtids;
import dev.lakeops.tools.binlog.live.ServerBinlogEvent;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The read-only server probe and its analyzer against a live MariaDB, as the CDC account: what it
 * reads matches the server's files, broken settings and stale connector offsets are named, and the
 * server itself confirms each offset verdict. The purge test runs last: it removes binlogs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BinlogServerProbeIT {

  private static final int PORT = 61302;
  private static final int CLOSED_PORT = 61399;

  private LiveBinlogs live;
  private BinlogServerConnection cdc;

  @BeforeAll
  void startServerAndWriteBinlogs() throws Exception {
    live = LiveBinlogs.start("probe-it", PORT);
    cdc =
        new BinlogServerConnection(
            live.server.jdbcUrl(), MariaDbServer.CDC_USER, MariaDbServer.CDC_PASSWORD);
  }

  @AfterAll
  void stopServer() {
    if (live != null) {
      live.close();
    }
  }

  private BinlogServerSnapshot capture() {
    return new BinlogServerProbe(cdc, Duration.ofSeconds(10), Clock.systemUTC()).capture();
  }

  private List<Finding> analyze(ConnectorOffset offset) {
    return BinlogServerAnalyzer.defaults().analyze(capture(), offset);
  }

  @Test
  @Order(1)
  void readsTheFilesPositionAndVariablesTheServerHas() throws Exception {
    BinlogServerSnapshot s = capture();

    assertThat(s.isMariadb()).isTrue();
    assertThat(s.binaryLogs())
        .extracting(BinaryLogFile::name)
        .contains(live.files.rows(), live.files.none());
    List<BinaryLogFile> closed = s.binaryLogs().subList(0, s.binaryLogs().size() - 1);
    for (BinaryLogFile f : closed) {
      assertThat(f.size()).as(f.name()).isEqualTo(Files.size(live.server.binlogFile(f.name())));
    }
    // The open file may grow meanwhile: the server writes its BINLOG_CHECKPOINT after a rotation in
    // the background.
    assertThat(s.status().file()).isEqualTo(s.binaryLogs().get(s.binaryLogs().size() - 1).name());
    assertThat(s.status().position())
        .isBetween(256L, Files.size(live.server.binlogFile(s.status().file())));
    assertThat(s.variables())
        .containsEntry("binlog_format", "ROW")
        .containsEntry("binlog_row_image", "FULL")
        .containsEntry("binlog_checksum", "CRC32")
        .containsEntry("log_bin", "ON")
        .containsEntry("server_id", "1")
        .containsKeys(
            "gtid_binlog_pos", "gtid_current_pos", "gtid_strict_mode", "expire_logs_days");
    assertThat(s.oldestGtidList()).isEqualTo("[]");
    assertThat(s.queries()).contains("SHOW BINARY LOGS", "SHOW MASTER STATUS");
    assertThat(BinlogServerAnalyzer.defaults().analyze(s, null))
        .extracting(Finding::code)
        .containsExactly(BinlogServerAnalyzer.BINLOGS, BinlogServerAnalyzer.OK);
  }

  @Test
  @Order(2)
  void listsEventsWithTheBoundariesTheFileReaderFinds() {
    List<ServerBinlogEvent> events =
        new BinlogServerProbe(cdc, Duration.ofSeconds(10), Clock.systemUTC())
            .events(live.files.rows(), 4, BinlogServerProbe.MAX_EVENTS);

    assertThat(events.stream().map(e -> e.pos() + "-" + e.endLogPos()).toList())
        .isEqualTo(BinlogLiveDamageIT.boundaries(live.server.binlogFile(live.files.rows())));
  }

  @Test
  @Order(3)
  void namesSettingsThatBreakCdc() {
    try {
      live.server.execute(
          "SET GLOBAL binlog_format = 'MIXED'",
          "SET GLOBAL binlog_row_image = 'MINIMAL'",
          "SET GLOBAL binlog_checksum = NONE");

      List<Finding> findings = analyze(null);

      assertThat(findings)
          .extracting(Finding::code)
          .containsExactly(
              BinlogServerAnalyzer.BINLOGS,
              BinlogServerAnalyzer.FORMAT_NOT_ROW,
              BinlogServerAnalyzer.ROW_IMAGE_NOT_FULL,
              BinlogServerAnalyzer.CHECKSUM_NONE);
      assertThat(findings.get(1).severity()).isEqualTo(Severity.CRITICAL);
      assertThat(findings.get(1).evidence()).containsEntry("binlog_format", "MIXED");
    } finally {
      live.server.execute(
          "SET GLOBAL binlog_format = 'ROW'",
          "SET GLOBAL binlog_row_image = 'FULL'",
          "SET GLOBAL binlog_checksum = CRC32");
    }
  }

  @Test
  @Order(4)
  void offsetsOnTheServerPassAndImpossibleOnesAreNamed() {
    BinlogServerSnapshot s = capture();
    BinaryLogFile current = s.binaryLogs().get(s.binaryLogs().size() - 1);
    String gtidPos = s.variable("gtid_binlog_pos").orElseThrow();
    MariadbGtids.Gtid last = MariadbGtids.parse(gtidPos).get(0L);

    assertThat(codes(ConnectorOffset.filePos(current.name(), current.size())))
        .contains(BinlogServerAnalyzer.OK);
    assertThat(codes(ConnectorOffset.gtids(gtidPos))).contains(BinlogServerAnalyzer.OK);
    assertThat(codes(ConnectorOffset.filePos(current.name(), current.size() + 1000)))
        .contains(BinlogServerAnalyzer.OFFSET_UNKNOWN);
    assertThat(codes(ConnectorOffset.filePos("other-bin.000001", 4)))
        .contains(BinlogServerAnalyzer.OFFSET_UNKNOWN);
    assertThat(codes(ConnectorOffset.gtids("0-1-" + (last.seq() + 50))))
        .contains(BinlogServerAnalyzer.OFFSET_UNKNOWN);
    assertThat(codes(ConnectorOffset.gtids("5-1-3"))).contains(BinlogServerAnalyzer.OFFSET_UNKNOWN);
    assertThat(codes(ConnectorOffset.gtids("3E11FA47-71CA-11E1-9E33-C80AA9429562:1-5")))
        .contains(BinlogServerAnalyzer.OFFSET_UNKNOWN);
    // The server agrees: the GTID ahead of it is refused.
    assertThat(
            readFromServer(List.of("--start-position=0-1-" + (last.seq() + 50), live.files.rows()))
                .stderr())
        .contains("which is not in the master's binlog");
  }

  @Test
  @Order(5)
  void anOffsetInTheOldestFileIsAtRiskOnceFilesExpire() {
    ConnectorOffset oldest = ConnectorOffset.filePos(capture().binaryLogs().get(0).name(), 4);
    assertThat(codes(oldest)).doesNotContain(BinlogServerAnalyzer.PURGE_RISK);
    try {
      live.server.execute("SET GLOBAL binlog_expire_logs_seconds = 86400");

      List<Finding> findings = analyze(oldest);

      Finding risk =
          findings.stream()
              .filter(f -> f.code().equals(BinlogServerAnalyzer.PURGE_RISK))
              .findFirst()
              .orElseThrow();
      assertThat(risk.severity()).isEqualTo(Severity.WARN);
      assertThat(risk.evidence()).containsEntry("retentionSeconds", "86400");
    } finally {
      live.server.execute("SET GLOBAL binlog_expire_logs_seconds = 0");
    }
  }

  @Test
  @Order(6)
  void failuresAreErrorReportsWithoutThePassword() throws Exception {
    String password = "wrong-" + MariaDbServer.CDC_PASSWORD;
    BinlogServerTools tools =
        new BinlogServerTools(
            Map.of(), Duration.ofSeconds(5), BinlogServerAnalyzer.defaults(), Clock.systemUTC());

    ToolReport denied =
        tools.status(
            new BinlogServerConnection(live.server.jdbcUrl(), MariaDbServer.CDC_USER, password),
            null);
    ToolReport refused =
        tools.status(
            new BinlogServerConnection(
                "jdbc:mariadb://127.0.0.1:" + CLOSED_PORT + "/?password=" + password,
                MariaDbServer.CDC_USER,
                password),
            null);
    live.server.execute(
        "CREATE USER IF NOT EXISTS 'nomonitor'@'%' IDENTIFIED BY 'x1'",
        "GRANT SELECT ON *.* TO 'nomonitor'@'%'");
    ToolReport lacking =
        tools.status(new BinlogServerConnection(live.server.jdbcUrl(), "nomonitor", "x1"), null);

    assertThat(denied.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(denied.error()).startsWith("UNAUTHORIZED").contains("Access denied", "errno 1045");
    assertThat(refused.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(refused.error()).startsWith("UNREACHABLE").contains(Integer.toString(CLOSED_PORT));
    assertThat(lacking.error())
        .startsWith("UNAUTHORIZED")
        .contains("BINLOG MONITOR", "SHOW BINARY LOGS");
    for (ToolReport r : List.of(denied, refused, lacking)) {
      assertThat(Json.compact(r))
          .doesNotContain(password)
          .doesNotContain("x1\"")
          .doesNotContain("Exception");
    }
    assertThatThrownBy(
            () ->
                new BinlogServerProbe(cdc, Duration.ofSeconds(5), Clock.systemUTC())
                    .events("nope.000001", 4, 10))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("Could not find target log")
        .extracting(e -> ((ProbeException) e).code())
        .isEqualTo(ProbeException.Code.NOT_FOUND);
  }

  @Test
  @Order(7)
  void theToolAnswersByConfiguredServerNameInCompactJson() throws Exception {
    BinlogServerTools tools =
        new BinlogServerTools(
            Map.of("live", cdc),
            Duration.ofSeconds(5),
            BinlogServerAnalyzer.defaults(),
            Clock.systemUTC());

    var status = tools.functions().get(0);
    var ok =
        Json.mapper()
            .valueToTree(
                status.apply(
                    dev.lakeops.tools.spec.ToolArgs.read(
                        status.spec(),
                        Map.of(
                            "server",
                            "live",
                            "offset_file",
                            live.files.rows(),
                            "offset_pos",
                            4L))));
    var unknown =
        Json.mapper()
            .valueToTree(
                status.apply(
                    dev.lakeops.tools.spec.ToolArgs.read(
                        status.spec(), Map.of("server", "elsewhere"))));
    var bad =
        Json.mapper()
            .valueToTree(
                status.apply(
                    dev.lakeops.tools.spec.ToolArgs.read(
                        status.spec(),
                        Map.of("server", "live", "offset_file", live.files.rows()))));

    assertThat(ok.path("status").asText()).isEqualTo("OK");
    assertThat(ok.toString())
        .contains(BinlogServerAnalyzer.OK)
        .doesNotContain(MariaDbServer.CDC_PASSWORD);
    assertThat(unknown.path("status").asText()).isEqualTo("NO_DATA");
    assertThat(unknown.path("error").asText()).contains("elsewhere", "live");
    assertThat(bad.path("status").asText()).isEqualTo("ERROR");
    assertThat(bad.path("error").asText()).contains("needs offset_pos");
  }

  @Test
  @Order(8)
  void purgedFilesAndGtidsAreCriticalAndTheServerRefusesThemToo() {
    BinlogServerSnapshot before = capture();
    String purgedFile = before.binaryLogs().get(0).name();
    live.server.execute("PURGE BINARY LOGS TO '" + live.files.none() + "'");
    BinlogServerSnapshot after = capture();
    MariadbGtids.Gtid floor = MariadbGtids.parse(after.oldestGtidList()).get(0L);

    List<Finding> byFile =
        BinlogServerAnalyzer.defaults().analyze(after, ConnectorOffset.filePos(purgedFile, 4));
    String olderGtid = "0-1-" + (floor.seq() - 1);
    List<Finding> byGtid =
        BinlogServerAnalyzer.defaults().analyze(after, ConnectorOffset.gtids(olderGtid));
    List<Finding> atFloor =
        BinlogServerAnalyzer.defaults().analyze(after, ConnectorOffset.gtids(floor.toString()));

    assertThat(after.binaryLogs().get(0).name()).isEqualTo(live.files.none());
    assertThat(byFile)
        .filteredOn(f -> f.code().equals(BinlogServerAnalyzer.PURGE_RISK))
        .singleElement()
        .extracting(Finding::severity)
        .isEqualTo(Severity.CRITICAL);
    assertThat(byGtid)
        .filteredOn(f -> f.code().equals(BinlogServerAnalyzer.PURGE_RISK))
        .singleElement()
        .extracting(Finding::severity)
        .isEqualTo(Severity.CRITICAL);
    assertThat(atFloor).extracting(Finding::code).doesNotContain(BinlogServerAnalyzer.PURGE_RISK);
    assertThat(readFromServer(List.of(purgedFile)).stderr())
        .contains("Could not find first log file name");
    assertThat(readFromServer(List.of("--start-position=" + olderGtid, live.files.none())).stderr())
        .contains("Could not find GTID state requested by slave in any binlog files");
  }

  private List<String> codes(ConnectorOffset offset) {
    return analyze(offset).stream().map(Finding::code).toList();
  }

  private MariadbBinlogTool.Result readFromServer(List<String> args) {
    List<String> all =
        new java.util.ArrayList<>(
            List.of(
                "--read-from-remote-server",
                "--host=127.0.0.1",
                "--port=" + PORT,
                "--user=" + MariaDbServer.CDC_USER,
                "--password=" + MariaDbServer.CDC_PASSWORD));
    all.addAll(args);
    return MariadbBinlogTool.run(all, 30);
  }
}
