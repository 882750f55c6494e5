package dev.lakeops.tools.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.file.BinlogFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The facade's contract: never throws, NO_DATA names the path it looked at. */
class BinlogToolsTest {

  @TempDir Path dir;
  private final BinlogTools tools = new BinlogTools();

  @Test
  void answersNoDataNamingThePathForAMissingFile() {
    ToolReport report = tools.verifyFile(dir.resolve("mysql-bin.000042").toString());

    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error()).contains("mysql-bin.000042");
  }

  @Test
  void reportsACleanFileAsOk() {
    Path file = BinlogFixtures.write(dir, "clean.bin", BinlogFixtures.bytes(BinlogFixtures.CRC32));

    ToolReport report = tools.verifyFile(file.toString());

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(report.findings()).extracting(Finding::code).containsExactly("binlog.ok");
    assertThat(report.findings().get(0).evidence()).containsEntry("lastCommittedGtid", "0-1-9");
  }

  @Test
  void reportsDamageAsFindingsNotErrors() {
    Path file =
        BinlogFixtures.write(
            dir,
            "bad.bin",
            BinlogFixtures.flipped(BinlogFixtures.bytes(BinlogFixtures.CRC32), 1990));

    ToolReport report = tools.verifyFile(file.toString());

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(report.findings().get(0).code()).isEqualTo("binlog.crc-mismatch");
    assertThat(report.findings().get(0).evidence())
        .containsEntry("offset", "1961")
        .containsEntry("type", "UPDATE_ROWS_V1");
  }
}
