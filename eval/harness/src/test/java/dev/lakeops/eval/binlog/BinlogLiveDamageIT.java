package dev.lakeops.eval.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.binlog.file.BinlogEvent;
import dev.lakeops.tools.binlog.file.BinlogFindings;
import dev.lakeops.tools.binlog.file.BinlogReader;
import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.BinlogVisitor;
import dev.lakeops.tools.binlog.file.Damage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damage planted in copies of binlogs a live MariaDB wrote: the verifier must name the exact first
 * bad event, the restart position and GTID, and where valid events resume, as computed from the
 * server's own {@code SHOW BINLOG EVENTS}; {@code mariadb-binlog --verify-binlog-checksum} runs on
 * the same copies. The server and its binlogs are shared with {@link BinlogLiveFlipPropertyIT}
 * ({@link SharedLiveBinlogs}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(SharedLiveBinlogs.class)
class BinlogLiveDamageIT {

  private LiveBinlogs live;
  @TempDir Path dir;

  @BeforeAll
  void shareTheServersBinlogs() {
    live = SharedLiveBinlogs.live();
  }

  @Test
  void cleanFilesPassBothCheckersWithTheServersEventBoundaries() {
    for (String file : live.clean.keySet()) {
      Path copy = LiveBinlogs.write(dir, file, live.clean.get(file));
      ServerEvents listing = live.listings.get(file);

      BinlogVerdict v = LiveBinlogs.verify(copy);

      assertThat(v.status()).as(file).isEqualTo(BinlogVerdict.Status.OK);
      assertThat(boundaries(copy))
          .as(file)
          .isEqualTo(listing.events.stream().map(e -> e.pos() + "-" + e.end()).toList());
      ServerEvents.Safe last = listing.safeBefore(listing.length());
      assertThat(v.restartPosition()).as(file).isEqualTo(last.end());
      assertThat(v.lastCommittedGtid()).as(file).isEqualTo(last.gtid());
      assertThat(v.transactions())
          .as(file)
          .isEqualTo(listing.events.stream().filter(ServerEvents.Event::endsTransaction).count());
      assertThat(MariadbBinlogTool.verify(copy).exitCode()).as(file).isZero();
    }
    assertThat(
            LiveBinlogs.verify(LiveBinlogs.write(dir, "none", live.clean.get(live.files.none())))
                .checksumAlg())
        .isZero();
    assertThat(
            LiveBinlogs.verify(LiveBinlogs.write(dir, "rows", live.clean.get(live.files.rows())))
                .checksumAlg())
        .isEqualTo(1);
  }

  @Test
  void flagsTheStatementFormatTransaction() {
    BinlogVerdict mixed =
        LiveBinlogs.verify(LiveBinlogs.write(dir, "mixed", live.clean.get(live.files.mixed())));
    BinlogVerdict rows =
        LiveBinlogs.verify(LiveBinlogs.write(dir, "rows", live.clean.get(live.files.rows())));

    assertThat(mixed.statementDml()).isEqualTo(2);
    assertThat(BinlogFindings.of(mixed))
        .extracting(Finding::code)
        .contains(BinlogFindings.STATEMENT_DML);
    assertThat(rows.statementDml()).isZero();
  }

  @Test
  void headerFlipInAnXidIsTheFirstBadEvent() {
    ServerEvents.Event xid = rows().nth("Xid", 3);
    assertCrcDamage(live.files.rows(), flip(rowsBytes(), xid.pos()), xid);
  }

  @Test
  void flippedTypeByteOfATableMapIsTheFirstBadEvent() {
    ServerEvents.Event map = rows().nth("Table_map", 5);
    assertCrcDamage(live.files.rows(), flip(rowsBytes(), map.pos() + 4), map);
  }

  @Test
  void flippedRowValueIsTheFirstBadEvent() {
    ServerEvents.Event write = rows().nth("Write_rows_v1", 10);
    assertCrcDamage(live.files.rows(), flip(rowsBytes(), (write.pos() + write.end()) / 2), write);
  }

  @Test
  void flippedDdlTextIsTheFirstBadEvent() {
    ServerEvents.Event ddl =
        rows().events.stream()
            .filter(e -> e.info().startsWith("CREATE TABLE"))
            .findFirst()
            .orElseThrow();
    assertCrcDamage(live.files.rows(), flip(rowsBytes(), ddl.end() - 10), ddl);
  }

  @Test
  void flippedServerVersionInTheFormatDescriptionLeavesOnlyOffsetFour() {
    ServerEvents.Event fde = rows().first("Format_desc");
    BinlogVerdict v = assertCrcDamage(live.files.rows(), flip(rowsBytes(), 4 + 19 + 5), fde);

    assertThat(v.restartPosition()).isEqualTo(4);
    assertThat(v.lastCommittedGtid()).isNull();
  }

  @Test
  void zeroedBlockIsFoundFromTheEventItStartsInUpToTheFirstIntactEvent() {
    byte[] content = rowsBytes();
    ServerEvents.Event hit = rows().at(content.length * 2L / 5);
    int from = (int) hit.pos() + 7;
    Arrays.fill(content, from, from + 4096, (byte) 0);
    Long resync = rows().firstEventFrom(from + 4096L);
    assertThat(resync)
        .as("the rows file must be long enough for a 4 KiB block in its middle")
        .isNotNull();

    BinlogVerdict v = verifyDamaged(live.files.rows(), content);

    // The block starts at the event's byte 7, so it zeroes its event_size (bytes 9-12).
    assertFirstBad(v, rows(), hit, Damage.Kind.HEADER_INVALID, resync);
    assertThat(v.damagedBytes()).isEqualTo(resync - hit.pos());
    MariadbBinlogTool.Result tool = MariadbBinlogTool.verify(path(live.files.rows()));
    assertThat(tool.exitCode()).isNotZero();
    assertThat(tool.failedAt()).isEqualTo(hit.pos());
  }

  @Test
  void truncationInsideAnEventCutsItsTransaction() {
    ServerEvents.Event update = rows().nth("Update_rows_v1", 0);
    byte[] content = Arrays.copyOf(rowsBytes(), (int) update.pos() + 25);

    BinlogVerdict v = verifyDamaged(live.files.rows(), content);

    assertFirstBad(v, rows(), update, Damage.Kind.TRUNCATED, null);
    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.TRUNCATED);
    MariadbBinlogTool.Result tool = MariadbBinlogTool.verify(path(live.files.rows()));
    assertThat(tool.exitCode()).isNotZero();
    assertThat(tool.stderr()).contains("Event truncated").contains("offset " + update.pos());
  }

  @Test
  void truncationBetweenEventsInsideATransactionIsReportedAsACutTail() {
    ServerEvents.Event map = rows().nth("Table_map", 2);
    assertThat(map.insideTransaction()).isTrue();
    byte[] content = Arrays.copyOf(rowsBytes(), (int) map.end());

    BinlogVerdict v = verifyDamaged(live.files.rows(), content);

    ServerEvents.Safe safe = rows().safeBefore(map.end());
    assertThat(v.firstBad()).isNull();
    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.TRUNCATED);
    assertThat(v.endsInTransaction()).isTrue();
    assertThat(v.restartPosition()).isEqualTo(safe.end());
    assertThat(v.lastCommittedGtid()).isEqualTo(safe.gtid());
    assertThat(BinlogFindings.of(v)).extracting(Finding::code).contains(BinlogFindings.TRUNCATED);
    // mariadb-binlog sees nothing wrong with a file that ends between events.
    assertThat(MariadbBinlogTool.verify(path(live.files.rows())).exitCode()).isZero();
  }

  @Test
  void hugeEventSizeIsAnInvalidHeaderAndValidEventsResumeRightAfter() {
    ServerEvents.Event write = rows().nth("Write_rows_v1", 20);
    byte[] content = rowsBytes();
    putInt(content, write.pos() + 9, 0xFFFFFF00);

    BinlogVerdict v = verifyDamaged(live.files.rows(), content);

    assertFirstBad(v, rows(), write, Damage.Kind.HEADER_INVALID, write.end());
    MariadbBinlogTool.Result tool = MariadbBinlogTool.verify(path(live.files.rows()));
    assertThat(tool.exitCode()).isNotZero();
    assertThat(tool.failedAt()).isEqualTo(write.pos());
  }

  @Test
  void eventSizeBelowTheHeaderIsAnInvalidHeader() {
    ServerEvents.Event gtid = rows().nth("Gtid", 6);
    byte[] content = rowsBytes();
    putInt(content, gtid.pos() + 9, 7);

    BinlogVerdict v = verifyDamaged(live.files.rows(), content);

    assertFirstBad(v, rows(), gtid, Damage.Kind.HEADER_INVALID, gtid.end());
    assertThat(MariadbBinlogTool.verify(path(live.files.rows())).exitCode()).isNotZero();
  }

  // mariadb-binlog refuses the whole file; lakeops says the events after the magic are intact and
  // where they resume (issue 17: the format description at offset 4 still checks)
  @Test
  void brokenMagicWithIntactEventsResumesAtTheFormatDescription() {
    byte[] content = rowsBytes();
    content[1] = 'x';

    BinlogVerdict v = verifyDamaged(live.files.rows(), content);

    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.BAD_MAGIC);
    assertThat(v.firstBad().offset()).isZero();
    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.CORRUPT);
    assertThat(v.resyncOffset()).isEqualTo(4L);
    assertThat(v.damageCount()).as("only the magic is damaged").isEqualTo(1);
    MariadbBinlogTool.Result tool = MariadbBinlogTool.verify(path(live.files.rows()));
    assertThat(tool.exitCode()).isNotZero();
    assertThat(tool.stderr()).containsIgnoringCase("not a binary log");
  }

  @Test
  void withoutChecksumsAFlippedRowValuePassesBothCheckers() {
    ServerEvents none = live.listings.get(live.files.none());
    ServerEvents.Event write = none.nth("Write_rows_v1", 0);
    byte[] content = flip(live.clean.get(live.files.none()), write.end() - 3);

    BinlogVerdict v = verifyDamaged(live.files.none(), content);

    // The measured limit of binlog_checksum=NONE: neither lakeops nor the server's own tool can see
    // it.
    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.OK);
    assertThat(MariadbBinlogTool.verify(path(live.files.none())).exitCode()).isZero();
  }

  @Test
  void withoutChecksumsABrokenLogPosIsStillLocalized() {
    ServerEvents none = live.listings.get(live.files.none());
    ServerEvents.Event xid = none.nth("Xid", 0);
    byte[] content = flip(live.clean.get(live.files.none()), xid.pos() + 13);

    BinlogVerdict v = verifyDamaged(live.files.none(), content);

    assertFirstBad(v, none, xid, Damage.Kind.HEADER_INVALID, xid.end());
  }

  @Test
  void withoutChecksumsTruncationInsideAnEventIsFound() {
    ServerEvents none = live.listings.get(live.files.none());
    ServerEvents.Event update = none.nth("Update_rows_v1", 0);
    byte[] content = Arrays.copyOf(live.clean.get(live.files.none()), (int) update.pos() + 30);

    BinlogVerdict v = verifyDamaged(live.files.none(), content);

    assertFirstBad(v, none, update, Damage.Kind.TRUNCATED, null);
    assertThat(MariadbBinlogTool.verify(path(live.files.none())).exitCode()).isNotZero();
  }

  // --- helpers

  private BinlogVerdict assertCrcDamage(String file, byte[] content, ServerEvents.Event bad) {
    BinlogVerdict v = verifyDamaged(file, content);
    ServerEvents listing = live.listings.get(file);
    Long next = bad.end() < listing.length() ? bad.end() : null;
    assertFirstBad(v, listing, bad, Damage.Kind.CRC_MISMATCH, next);
    MariadbBinlogTool.Result tool = MariadbBinlogTool.verify(path(file));
    assertThat(tool.exitCode()).as("mariadb-binlog exit code").isNotZero();
    assertThat(tool.failedAt()).as("mariadb-binlog: %s", tool.stderr()).isEqualTo(bad.pos());
    return v;
  }

  private static void assertFirstBad(
      BinlogVerdict v,
      ServerEvents listing,
      ServerEvents.Event bad,
      Damage.Kind kind,
      Long resync) {
    ServerEvents.Safe safe = listing.safeBefore(bad.pos());
    assertThat(v.firstBad()).as("damage in %s at %d", bad.type(), bad.pos()).isNotNull();
    assertThat(v.firstBad().offset())
        .as("first bad offset (%s)", v.firstBad().reason())
        .isEqualTo(bad.pos());
    assertThat(v.firstBad().kind()).as("kind (%s)", v.firstBad().reason()).isEqualTo(kind);
    assertThat(v.restartPosition()).as("restart position").isEqualTo(safe.end());
    assertThat(v.lastCommittedGtid()).as("last committed GTID").isEqualTo(safe.gtid());
    assertThat(v.resyncOffset()).as("resync offset").isEqualTo(resync);
    if (bad.insideTransaction() && !bad.type().equals("Gtid")) {
      assertThat(v.openTransaction()).as("transaction cut by the damage").isEqualTo(bad.gtid());
    }
    if (resync != null) {
      ServerEvents.Event resume = listing.firstTransactionFrom(resync);
      assertThat(v.resumeOffset())
          .as("first complete transaction after the damage")
          .isEqualTo(resume == null ? null : resume.pos());
      assertThat(v.resumeGtid()).isEqualTo(resume == null ? null : resume.gtid());
    }
  }

  private BinlogVerdict verifyDamaged(String file, byte[] content) {
    return LiveBinlogs.verify(LiveBinlogs.write(dir, file, content));
  }

  private Path path(String file) {
    return dir.resolve(file);
  }

  private ServerEvents rows() {
    return live.listings.get(live.files.rows());
  }

  private byte[] rowsBytes() {
    return live.clean.get(live.files.rows()).clone();
  }

  static byte[] flip(byte[] content, long offset) {
    byte[] copy = content.clone();
    copy[(int) offset] ^= (byte) 0xff;
    return copy;
  }

  private static void putInt(byte[] content, long offset, int value) {
    for (int i = 0; i < 4; i++) {
      content[(int) offset + i] = (byte) (value >>> (8 * i));
    }
  }

  static List<String> boundaries(Path file) {
    List<String> out = new ArrayList<>();
    BinlogReader.read(
        file,
        new BinlogVisitor() {
          @Override
          public void start(String f, long length) {}

          @Override
          public void event(BinlogEvent event) {
            out.add(event.header().offset() + "-" + event.header().end());
          }

          @Override
          public void damage(Damage damage) {
            out.add("damage@" + damage.offset());
          }

          @Override
          public void end(int checksumAlg) {}
        });
    return out;
  }
}
