package dev.lakeops.tools.binlog.plan;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.CRC32;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.bytes;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.flipped;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.verify;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.tools.binlog.file.BinlogEvent;
import dev.lakeops.tools.binlog.file.BinlogFixtures;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.EventBody;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a reader starts again past a damaged binlog's first bad event, on real MariaDB files. */
class ResumePointTest {

  // the fixture's UPDATE_ROWS at 1961 (GTID 0-1-6) is damaged; GTID 0-1-7 starts at 2068
  private static final int IN_ROWS_EVENT = 1990;

  @TempDir Path dir;

  @Test
  void startsAtTheFirstCompleteTransactionAfterTheDamage() {
    ResumePoint at =
        ResumePoint.after(verify(dir, flipped(bytes(CRC32), IN_ROWS_EVENT)), List.of());

    assertThat(at.position()).isEqualTo(2068);
    assertThat(at.gtid()).isEqualTo("0-1-7");
    assertThat(at.why()).contains("first complete transaction").contains("0-1-7");
  }

  // the server is still writing the file and nothing complete follows the damaged transaction:
  // the next transaction will start where the valid events end
  @Test
  void inAFileTheServerStillWritesStartsWhereTheValidEventsAfterTheDamageEnd() {
    byte[] open = inUse(Arrays.copyOf(flipped(bytes(CRC32), IN_ROWS_EVENT), 2100));

    BinlogVerdict verdict = verify(dir, open);
    ResumePoint at = ResumePoint.after(verdict, List.of("mysql-bin.000002"));

    assertThat(verdict.inUse()).isTrue();
    assertThat(at.file()).isEqualTo(verdict.file().substring(verdict.file().lastIndexOf('/') + 1));
    assertThat(at.position()).isEqualTo(2068);
    assertThat(at.gtid()).isNull();
  }

  @Test
  void inAClosedFileWithNothingCompleteAfterTheDamageStartsAtTheNextFile() {
    byte[] closed = Arrays.copyOf(flipped(bytes(CRC32), IN_ROWS_EVENT), 2100);

    ResumePoint at = ResumePoint.after(verify(dir, closed), List.of("mysql-bin.000008"));

    assertThat(at.file()).isEqualTo("mysql-bin.000008");
    assertThat(at.position()).isEqualTo(ResumePoint.FILE_START);
    assertThatThrownBy(() -> ResumePoint.after(verify(dir, closed), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("No valid event follows the damage")
        .hasMessageContaining(":1961");
  }

  @Test
  void refusesAnIntactFile() {
    assertThatThrownBy(() -> ResumePoint.after(verify(dir, bytes(CRC32)), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("verifies intact");
  }

  @Test
  void theLaterFilesAreThoseWithAGreaterNumberInOrder() throws IOException {
    for (String name :
        List.of("mysql-bin.000009", "mysql-bin.000010", "mysql-bin.000002", "mysql-bin.index")) {
      Files.writeString(dir.resolve(name), "");
    }
    Files.writeString(dir.resolve("other-bin.000011"), "");

    assertThat(ResumePoint.laterFiles(dir.resolve("mysql-bin.000009")))
        .containsExactly("mysql-bin.000010");
    assertThat(ResumePoint.laterFiles(dir.resolve("mysql-bin.000001")))
        .containsExactly("mysql-bin.000002", "mysql-bin.000009", "mysql-bin.000010");
    assertThat(ResumePoint.laterFiles(dir.resolve("mysql-bin.index"))).isEmpty();
  }

  // a server that verifies checksums as it reads cannot start past the damage in the same file:
  // the start of the next one, with the GTID position its GTID_LIST holds
  @Test
  void theNextFileStartsWithTheGtidPositionOfItsGtidList() throws IOException {
    Path damaged =
        Files.write(dir.resolve("mysql-bin.000001"), flipped(bytes(CRC32), IN_ROWS_EVENT));
    Path next = Files.write(dir.resolve("mysql-bin.000002"), bytes(CRC32));
    String listed =
        BinlogFixtures.events(next).stream()
            .map(BinlogEvent::body)
            .filter(b -> b instanceof EventBody.MariadbGtidList)
            .map(b -> String.join(",", ((EventBody.MariadbGtidList) b).gtids()))
            .findFirst()
            .orElseThrow();

    ResumePoint at = ResumePoint.nextFile(damaged);

    assertThat(at.file()).isEqualTo("mysql-bin.000002");
    assertThat(at.position()).isEqualTo(ResumePoint.FILE_START);
    assertThat(at.gtidState()).isEqualTo(listed);
    assertThat(at.why()).contains("verifies checksums");
    Files.delete(next);
    assertThatThrownBy(() -> ResumePoint.nextFile(damaged))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("FLUSH BINARY LOGS");
  }

  @Test
  void theTablesFromAnOffsetAreThoseMappedAtOrAfterIt() throws IOException {
    Path file = Files.write(dir.resolve("mysql-bin.000003"), bytes(CRC32));

    assertThat(ResumePoint.tablesFrom(file, 4)).contains("shop.orders", "shop.customers");
    assertThat(ResumePoint.tablesFrom(file, Files.size(file))).isEmpty();
  }

  // LOG_EVENT_BINLOG_IN_USE_F on the format description event at 4 (flags at +17)
  private static byte[] inUse(byte[] content) {
    byte[] copy = content.clone();
    copy[4 + 17] |= 0x01;
    return copy;
  }
}
