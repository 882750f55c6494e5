package dev.lakeops.eval.world.binlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.binlog.BinlogTools;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code binlog.verify} over the files the world wrote: a clean verdict, or the damaged event. */
class BinlogWorldTest {

  @TempDir Path dir;

  private ToolReport verify(BinlogFileSpec spec) {
    BinlogWorld.write(dir, List.of(spec));
    ToolReport report = new BinlogTools().verifyFile(dir.resolve(spec.name()).toString());
    assertThat(report.status()).as("%s", report.error()).isEqualTo(ToolReport.Status.OK);
    return report;
  }

  private static Finding critical(ToolReport report) {
    List<Finding> found =
        report.findings().stream().filter(f -> f.severity() == Severity.CRITICAL).toList();
    assertThat(found).as("critical findings in %s", report.findings()).hasSize(1);
    return found.get(0);
  }

  @Test
  void anIntactFileIsTheRecordingAndVerifiesClean() throws Exception {
    ToolReport report = verify(BinlogFileSpec.intact("mysql-bin.000002"));

    assertThat(Files.size(dir.resolve("mysql-bin.000002"))).isEqualTo(2970);
    assertThat(report.findings()).extracting(Finding::code).containsExactly("binlog.ok");
    assertThat(report.findings().get(0).severity()).isEqualTo(Severity.OK);
    assertThat(report.findings().get(0).evidence())
        .containsEntry("events", "44")
        .containsEntry("transactions", "9")
        .containsEntry("checksum", "CRC32")
        .containsEntry("restartPosition", "2923")
        .containsEntry("lastCommittedGtid", "0-1-9");
  }

  @Test
  void eventsAreCountedFromTheFormatDescriptionAtTheOffsetsTheServerListed() {
    // From SHOW BINLOG EVENTS on the recording server (tools/src/test/resources/binlog/README.md).
    assertThat(BinlogWorld.eventOffset(1)).isEqualTo(4);
    assertThat(
            IntStream.rangeClosed(1, BinlogWorld.RECORDED_EVENTS)
                .mapToObj(BinlogWorld::eventOffset))
        .contains(981L, 1259L, 1776L, 1905L, 1961L, 2037L, 2068L);
    assertThat(BinlogWorld.eventOffset(BinlogWorld.RECORDED_EVENTS)).isEqualTo(2923);
  }

  @Test
  void aFlippedBodyByteIsACrcMismatchAtThatEventForEveryEvent() {
    for (int event = 1; event <= BinlogWorld.RECORDED_EVENTS; event++) {
      Finding bad =
          critical(
              verify(new BinlogFileSpec("mysql-bin.000002", BinlogFileSpec.FLIPPED_BYTE, event)));

      assertThat(bad.code()).as("event %d", event).isEqualTo("binlog.crc-mismatch");
      assertThat(bad.evidence())
          .as("event %d", event)
          .containsEntry("offset", Long.toString(BinlogWorld.eventOffset(event)))
          .containsEntry("damageCount", "1")
          .containsKeys("storedCrc", "computedCrc");
    }
  }

  @Test
  void aCutInsideAnEventIsTruncationAtThatEventForEveryEvent() throws Exception {
    for (int event = 1; event <= BinlogWorld.RECORDED_EVENTS; event++) {
      Finding bad =
          critical(verify(new BinlogFileSpec("mysql-bin.000002", BinlogFileSpec.TRUNCATED, event)));

      assertThat(bad.code()).as("event %d", event).isEqualTo("binlog.truncated");
      assertThat(bad.evidence())
          .as("event %d", event)
          .containsEntry("offset", Long.toString(BinlogWorld.eventOffset(event)));
      long end =
          event == BinlogWorld.RECORDED_EVENTS
              ? BinlogWorld.recordedLength()
              : BinlogWorld.eventOffset(event + 1);
      assertThat(Files.size(dir.resolve("mysql-bin.000002")))
          .isBetween(BinlogWorld.eventOffset(event) + 19, end - 1);
    }
  }

  @Test
  void anOverwrittenHeaderIsAnInvalidHeaderAtThatEventForEveryEvent() {
    for (int event = 1; event <= BinlogWorld.RECORDED_EVENTS; event++) {
      Finding bad =
          critical(
              verify(new BinlogFileSpec("mysql-bin.000002", BinlogFileSpec.GARBAGE_HEADER, event)));

      assertThat(bad.code()).as("event %d", event).isEqualTo("binlog.header-invalid");
      assertThat(bad.evidence())
          .as("event %d", event)
          .containsEntry("offset", Long.toString(BinlogWorld.eventOffset(event)));
    }
  }

  @Test
  void aFlippedByteChangesOneByteOfTheBodyAndAGarbageHeaderOnlyTheHeader() throws Exception {
    byte[] recording;
    try (var in = BinlogWorld.class.getResourceAsStream(BinlogWorld.RECORDING)) {
      recording = in.readAllBytes();
    }
    for (int event = 1; event <= BinlogWorld.RECORDED_EVENTS; event++) {
      long start = BinlogWorld.eventOffset(event);
      long end =
          event == BinlogWorld.RECORDED_EVENTS
              ? recording.length
              : BinlogWorld.eventOffset(event + 1);

      List<Integer> flipped =
          changed(recording, BinlogWorld.bytes(new BinlogFileSpec("b", "flipped-byte", event)));
      List<Integer> header =
          changed(recording, BinlogWorld.bytes(new BinlogFileSpec("b", "garbage-header", event)));

      assertThat(flipped).as("event %d", event).hasSize(1);
      assertThat((long) flipped.get(0)).isBetween(start + 19, end - 5);
      assertThat(header).as("event %d", event).isNotEmpty();
      assertThat(header).allSatisfy(i -> assertThat((long) i).isBetween(start, start + 18));
    }
  }

  private static List<Integer> changed(byte[] a, byte[] b) {
    assertThat(b).hasSameSizeAs(a);
    return IntStream.range(0, a.length).filter(i -> a[i] != b[i]).boxed().toList();
  }

  @Test
  void aDamagedEventInsideTheFileNamesWhereToRestartAndWhereValidEventsResume() {
    // Event 27 is the UPDATE_ROWS event of GTID 0-1-6 (1961..2037): 0-1-5 ends at 1776.
    assertThat(BinlogWorld.eventOffset(27)).isEqualTo(1961);

    ToolReport report =
        verify(new BinlogFileSpec("mysql-bin.000002", BinlogFileSpec.FLIPPED_BYTE, 27));

    Map<String, String> restart = only(report, "binlog.restart-position").evidence();
    assertThat(restart)
        .containsEntry("restartPosition", "1776")
        .containsEntry("lastCommittedGtid", "0-1-5")
        .containsEntry("openTransaction", "0-1-6");
    assertThat(only(report, "binlog.resync").evidence()).containsEntry("resyncOffset", "2037");
  }

  @Test
  void filesAreNamedAsTheSpecsSayTheDirectoryMadeWhenMissing() throws Exception {
    Path nested = dir.resolve("server-1/binlogs");

    BinlogWorld.write(
        nested,
        List.of(
            BinlogFileSpec.intact("mysql-bin.000002"),
            new BinlogFileSpec("mysql-bin.000003", BinlogFileSpec.TRUNCATED, 10)));

    try (var files = Files.list(nested)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted())
          .containsExactly("mysql-bin.000002", "mysql-bin.000003");
    }
  }

  @Test
  void badSpecsAreRefusedNamingWhatIsWrong() {
    assertThatThrownBy(() -> new BinlogFileSpec("mysql-bin.000002", "bit-rot", 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'bit-rot'")
        .hasMessageContaining("none, flipped-byte, truncated, garbage-header");
    assertThatThrownBy(() -> new BinlogFileSpec("mysql-bin.000002", null, 3))
        .hasMessageContaining("known: none, flipped-byte");
    assertThatThrownBy(() -> new BinlogFileSpec(" ", BinlogFileSpec.NONE, 0))
        .hasMessageContaining("Invalid name");
    assertThatThrownBy(() -> new BinlogFileSpec("../etc/x", BinlogFileSpec.NONE, 0))
        .hasMessageContaining("Invalid name: '../etc/x'");
    assertThatThrownBy(() -> new BinlogFileSpec("b.000002", BinlogFileSpec.FLIPPED_BYTE, 0))
        .hasMessageContaining("Invalid event for damage flipped-byte: 0")
        .hasMessageContaining("1..44");
    assertThatThrownBy(() -> new BinlogFileSpec("b.000002", BinlogFileSpec.TRUNCATED, 45))
        .hasMessageContaining("45");
    assertThat(new BinlogFileSpec("b.000002", BinlogFileSpec.NONE, 0).event()).isZero();
    assertThatThrownBy(
            () ->
                BinlogWorld.write(
                    dir, List.of(BinlogFileSpec.intact("b.1"), BinlogFileSpec.intact("b.1"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("b.1 is given twice");
  }

  private static Finding only(ToolReport report, String code) {
    List<Finding> found = report.findings().stream().filter(f -> f.code().equals(code)).toList();
    assertThat(found).as("findings %s in %s", code, report.findings()).hasSize(1);
    return found.get(0);
  }
}
