package dev.lakeops.tools.binlog.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Server snapshots in, findings out: settings, and connector offsets against what the server still
 * holds.
 */
class BinlogServerAnalyzerTest {

  private static final String UUID = "3e11fa47-71ca-11e1-9e33-c80aa9429562";
  private final BinlogServerAnalyzer analyzer = BinlogServerAnalyzer.defaults();

  static BinlogServerSnapshot mariadb(Map<String, String> overrides, String oldestGtidList) {
    Map<String, String> v =
        new HashMap<>(
            Map.of(
                "log_bin",
                "ON",
                "binlog_format",
                "ROW",
                "binlog_row_image",
                "FULL",
                "binlog_checksum",
                "CRC32",
                "gtid_binlog_pos",
                "0-1-40",
                "expire_logs_days",
                "0.000000",
                "binlog_expire_logs_seconds",
                "0"));
    v.putAll(overrides);
    return new BinlogServerSnapshot(
        "jdbc:mariadb://db:3306/",
        "10.11.19-MariaDB-log",
        List.of(
            new BinaryLogFile("mysql-bin.000007", 1000),
            new BinaryLogFile("mysql-bin.000008", 1000),
            new BinaryLogFile("mysql-bin.000009", 8000)),
        new BinlogStatus("mysql-bin.000009", 8000, null),
        v,
        oldestGtidList,
        List.of(),
        Instant.EPOCH);
  }

  private static BinlogServerSnapshot mysql(String purged, String executed) {
    Map<String, String> v =
        Map.of(
            "log_bin",
            "ON",
            "binlog_format",
            "ROW",
            "binlog_row_image",
            "FULL",
            "binlog_checksum",
            "CRC32",
            "gtid_mode",
            "ON",
            "gtid_purged",
            purged,
            "gtid_executed",
            executed,
            "binlog_expire_logs_seconds",
            "2592000");
    return new BinlogServerSnapshot(
        "jdbc:mysql://db:3306/",
        "8.4.3",
        List.of(new BinaryLogFile("binlog.000003", 500)),
        new BinlogStatus("binlog.000003", 500, executed),
        v,
        null,
        List.of(),
        Instant.EPOCH);
  }

  private static Finding find(List<Finding> findings, String code) {
    return findings.stream()
        .filter(f -> f.code().equals(code))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    code + " not in " + findings.stream().map(Finding::code).toList()));
  }

  @Test
  void healthyServerIsOkWithItsBinlogSummary() {
    List<Finding> findings = analyzer.analyze(mariadb(Map.of(), "[0-1-10]"), null);

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly(BinlogServerAnalyzer.BINLOGS, BinlogServerAnalyzer.OK);
    assertThat(findings.get(0).evidence())
        .containsEntry("files", "3")
        .containsEntry("totalBytes", "10000")
        .containsEntry("current", "mysql-bin.000009:8000")
        .containsEntry("oldestGtidList", "[0-1-10]");
  }

  @Test
  void binaryLoggingOffIsTheOnlyFinding() {
    List<Finding> findings = analyzer.analyze(mariadb(Map.of("log_bin", "OFF"), null), null);

    assertThat(findings)
        .extracting(Finding::code)
        .containsExactly(BinlogServerAnalyzer.LOG_BIN_OFF);
    assertThat(findings.get(0).severity()).isEqualTo(Severity.CRITICAL);
  }

  @Test
  void statementFormatMinimalImagesAndNoChecksumsAreNamed() {
    List<Finding> findings =
        analyzer.analyze(
            mariadb(
                Map.of(
                    "binlog_format",
                    "STATEMENT",
                    "binlog_row_image",
                    "MINIMAL",
                    "binlog_checksum",
                    "NONE"),
                null),
            null);

    assertThat(find(findings, BinlogServerAnalyzer.FORMAT_NOT_ROW).severity())
        .isEqualTo(Severity.CRITICAL);
    assertThat(find(findings, BinlogServerAnalyzer.ROW_IMAGE_NOT_FULL).severity())
        .isEqualTo(Severity.WARN);
    assertThat(find(findings, BinlogServerAnalyzer.CHECKSUM_NONE).severity())
        .isEqualTo(Severity.WARN);
    assertThat(findings).extracting(Finding::code).doesNotContain(BinlogServerAnalyzer.OK);
  }

  @Test
  void fileOlderThanTheOldestIsPurged() {
    Finding f =
        find(
            analyzer.analyze(
                mariadb(Map.of(), null), ConnectorOffset.filePos("mysql-bin.000003", 120)),
            BinlogServerAnalyzer.PURGE_RISK);

    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.summary()).contains("already purged", "mysql-bin.000007");
  }

  @Test
  void fileNewerThanTheNewestOrFromAnotherServerIsUnknown() {
    assertThat(
            find(
                    analyzer.analyze(
                        mariadb(Map.of(), null), ConnectorOffset.filePos("mysql-bin.000012", 4)),
                    BinlogServerAnalyzer.OFFSET_UNKNOWN)
                .severity())
        .isEqualTo(Severity.CRITICAL);
    assertThat(
            find(
                    analyzer.analyze(
                        mariadb(Map.of(), null), ConnectorOffset.filePos("binlog.000008", 4)),
                    BinlogServerAnalyzer.OFFSET_UNKNOWN)
                .summary())
        .contains("has no binlog file binlog.000008");
  }

  @Test
  void positionBeyondTheFileIsImpossible() {
    Finding f =
        find(
            analyzer.analyze(
                mariadb(Map.of(), null), ConnectorOffset.filePos("mysql-bin.000008", 1001)),
            BinlogServerAnalyzer.OFFSET_UNKNOWN);

    assertThat(f.summary()).contains("impossible position");
  }

  @Test
  void offsetNearTheOldEndIsAtRiskOnlyWhenFilesExpire() {
    ConnectorOffset inOldest = ConnectorOffset.filePos("mysql-bin.000007", 500);
    ConnectorOffset recent = ConnectorOffset.filePos("mysql-bin.000009", 100);

    assertThat(analyzer.analyze(mariadb(Map.of(), null), inOldest))
        .extracting(Finding::code)
        .doesNotContain(BinlogServerAnalyzer.PURGE_RISK);
    Finding risk =
        find(
            analyzer.analyze(mariadb(Map.of("expire_logs_days", "1.000000"), null), inOldest),
            BinlogServerAnalyzer.PURGE_RISK);
    assertThat(risk.severity()).isEqualTo(Severity.WARN);
    assertThat(risk.evidence())
        .containsEntry("backlogBytes", "9500")
        .containsEntry("retentionSeconds", "86400");
    assertThat(
            analyzer.analyze(mariadb(Map.of("binlog_expire_logs_seconds", "3600"), null), recent))
        .extracting(Finding::code)
        .doesNotContain(BinlogServerAnalyzer.PURGE_RISK)
        .contains(BinlogServerAnalyzer.OK);
  }

  @Test
  void mariadbGtidsAreCheckedPerDomainAgainstTheServerAndTheOldestFile() {
    BinlogServerSnapshot s = mariadb(Map.of("gtid_binlog_pos", "0-1-40,1-2-9"), "[0-1-10,1-2-3]");

    assertThat(analyzer.analyze(s, ConnectorOffset.gtids("0-1-10,1-2-5")))
        .extracting(Finding::code)
        .containsExactly(BinlogServerAnalyzer.BINLOGS, BinlogServerAnalyzer.OK);
    assertThat(
            find(
                    analyzer.analyze(s, ConnectorOffset.gtids("0-1-9")),
                    BinlogServerAnalyzer.PURGE_RISK)
                .summary())
        .contains("0-1-9", "0-1-10");
    assertThat(
            find(
                    analyzer.analyze(s, ConnectorOffset.gtids("0-1-41")),
                    BinlogServerAnalyzer.OFFSET_UNKNOWN)
                .summary())
        .contains("not in the master's binlog");
    assertThat(
            find(
                    analyzer.analyze(s, ConnectorOffset.gtids("5-1-3")),
                    BinlogServerAnalyzer.OFFSET_UNKNOWN)
                .summary())
        .contains("silent full replay");
  }

  @Test
  void aGtidSetThatIsNotMariadbsFormIsAClearFinding() {
    Finding f =
        find(
            analyzer.analyze(mariadb(Map.of(), null), ConnectorOffset.gtids(UUID + ":1-5")),
            BinlogServerAnalyzer.OFFSET_UNKNOWN);

    assertThat(f.evidence().get("error")).contains("is not a MariaDB GTID");
  }

  @Test
  void mysqlGtidSetsAreCheckedAgainstPurgedAndExecuted() {
    BinlogServerSnapshot s = mysql(UUID + ":1-100", UUID + ":1-500");

    assertThat(analyzer.analyze(s, ConnectorOffset.gtids(UUID + ":1-300")))
        .extracting(Finding::code)
        .contains(BinlogServerAnalyzer.OK);
    Finding purged =
        find(
            analyzer.analyze(s, ConnectorOffset.gtids(UUID + ":1-50")),
            BinlogServerAnalyzer.PURGE_RISK);
    assertThat(purged.evidence()).containsEntry("purgedButNeeded", UUID + ":51-100");
    Finding ahead =
        find(
            analyzer.analyze(s, ConnectorOffset.gtids(UUID + ":1-600")),
            BinlogServerAnalyzer.OFFSET_UNKNOWN);
    assertThat(ahead.evidence()).containsEntry("unknownToServer", UUID + ":501-600");
  }
}
