package dev.lakeops.agent.console.picture;

import static dev.lakeops.agent.console.picture.SnapshotTimelinePicturesTest.EN;
import static dev.lakeops.agent.console.picture.SnapshotTimelinePicturesTest.titles;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.console.ConsoleTexts;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.binlog.BinlogTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** The binlog strip on triages of the recorded MariaDB binlog, damaged at one event. */
class BinlogStripPicturesTest {

  @TempDir Path dir;

  private final BinlogStripPictures source = new BinlogStripPictures();

  @Test
  void aFlippedByteShowsTheDamagedSpanTheRestartPositionAndWhereEventsResume() throws Exception {
    TriageReport report = TablePictureIncidents.damagedBinlog(dir);
    assertThat(report.runbook()).isEqualTo("cdc-binlog-corruption");

    List<Picture> pictures = source.draw(report, EN);

    assertThat(pictures).extracting(Picture::id).containsExactly("binlog-strip");
    Picture p = pictures.get(0);
    Document svg = SvgTest.parse(p.svg());
    assertThat(titles(svg))
        .contains(
            "damaged: offsets 1961 to 2037 (76 bytes)",
            "last complete transaction ends at 1776 (GTID 0-1-5): the safe restart position",
            "valid events resume at 2037",
            "next complete transaction starts at 2068 (GTID 0-1-7)")
        .anySatisfy(t -> assertThat(t).endsWith("mysql-bin.000002: offsets 4 to 2970"));
    assertThat(svg.getDocumentElement().getTextContent())
        .contains("damaged at 1961", "restart at 1776", "4", "2970");
    assertThat(p.title()).isEqualTo("Binlog mysql-bin.000002");
    assertThat(p.alt())
        .contains("2970 bytes")
        .contains("damaged 1961–2037 (first bad event UPDATE_ROWS_V1, binlog.crc-mismatch)")
        .contains("ends at 1776 (GTID 0-1-5)")
        .contains("Valid events resume at 2037.");
  }

  @Test
  void twoDamagedEventsAreTwoRedSpans() throws Exception {
    Path file = dir.resolve("mysql-bin.000009");
    byte[] bytes = Files.readAllBytes(TablePictureIncidents.BINLOG);
    bytes[1240] ^= (byte) 0xff; // XID at 1228
    bytes[1990] ^= (byte) 0xff; // UPDATE_ROWS_V1 at 1961
    Files.write(file, bytes);

    Picture p =
        source
            .draw(
                TriageReportsForTests.of(
                    Category.BINLOG_CORRUPTION,
                    List.of(new BinlogTools().verifyFile(file.toString()))),
                EN)
            .get(0);

    assertThat(titles(SvgTest.parse(p.svg())))
        .filteredOn(t -> t.startsWith("damaged: offsets "))
        .hasSize(2)
        .anySatisfy(t -> assertThat(t).startsWith("damaged: offsets 1228 to "))
        .contains("damaged: offsets 1961 to 2037 (76 bytes)");
  }

  @Test
  void aFileNamedWithMarkupStaysText() throws Exception {
    String evil = "<svg onload=alert(1)>.000002";
    Path file = dir.resolve(evil);
    byte[] bytes = Files.readAllBytes(TablePictureIncidents.BINLOG);
    bytes[TablePictureIncidents.FLIPPED_BYTE] ^= (byte) 0xff;
    Files.write(file, bytes);

    Picture p =
        source
            .draw(
                TriageReportsForTests.of(
                    Category.BINLOG_CORRUPTION,
                    List.of(new BinlogTools().verifyFile(file.toString()))),
                EN)
            .get(0);

    Document svg = SvgTest.parse(p.svg());
    assertThat(svg.getElementsByTagName("svg").getLength()).isEqualTo(1);
    assertThat(titles(svg)).anySatisfy(t -> assertThat(t).contains(evil));
    assertThat(p.title()).isEqualTo("Binlog " + evil);
  }

  @Test
  void aCleanFileOrAReportWithoutAVerifyDrawsNothing() throws Exception {
    Path clean = Files.copy(TablePictureIncidents.BINLOG, dir.resolve("mysql-bin.000002"));

    assertThat(
            source.draw(
                TriageReportsForTests.of(
                    Category.NO_FAULT, List.of(new BinlogTools().verifyFile(clean.toString()))),
                EN))
        .isEmpty();
    assertThat(
            source.draw(
                TriageReportsForTests.of(
                    Category.NOT_FOUND,
                    List.of(new BinlogTools().verifyFile(dir.resolve("nope").toString()))),
                EN))
        .isEmpty();
    assertThat(source.draw(TriageReportsForTests.any(), EN)).isEmpty();
  }

  @Test
  void theLabelsAreInChinese() {
    Picture p =
        source
            .draw(TablePictureIncidents.damagedBinlog(dir), ConsoleTexts.of("zh-CN", null))
            .get(0);

    assertThat(p.svg()).contains("损坏于 1961").contains("从 1776 重启");
  }
}
