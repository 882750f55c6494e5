package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.CRC32;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.NONE;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.bytes;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.flipped;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.verify;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The integrity check on real MariaDB 10.11 binlogs, clean and damaged in copies. */
class BinlogIntegrityAnalyzerTest {

  @TempDir Path dir;

  @Test
  void verifiesACleanChecksummedFileWithItsEventsTransactionsAndLastGtid() {
    BinlogVerdict v = verify(dir, bytes(CRC32));

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.OK);
    assertThat(v.checksumAlg()).isEqualTo(1);
    assertThat(v.serverVersion()).startsWith("10.11.19-MariaDB");
    assertThat(v.events()).isEqualTo(44);
    assertThat(v.transactions()).isEqualTo(9);
    assertThat(v.restartPosition()).isEqualTo(2923);
    assertThat(v.lastCommittedGtid()).isEqualTo("0-1-9");
    assertThat(v.gtidSet()).isEqualTo("0-1-9");
    assertThat(BinlogFindings.of(v)).extracting(Finding::code).containsExactly("binlog.ok");
  }

  @Test
  void verifiesACleanFileWithoutChecksumsStartingFromItsGtidList() {
    BinlogVerdict v = verify(dir, bytes(NONE));

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.OK);
    assertThat(v.checksumAlg()).isEqualTo(0);
    assertThat(v.events()).isEqualTo(20);
    assertThat(v.transactions()).isEqualTo(3);
    assertThat(v.restartPosition()).isEqualTo(1191);
    assertThat(v.lastCommittedGtid()).isEqualTo("0-1-12");
    assertThat(v.gtidSet()).isEqualTo("0-1-12");
  }

  @Test
  void findsAFlippedByteInARowsEventAndProposesTheEndOfThePreviousTransaction() {
    BinlogVerdict v =
        verify(dir, flipped(bytes(CRC32), 1990)); // inside UPDATE_ROWS_V1 at 1961, GTID 0-1-6

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.CORRUPT);
    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.CRC_MISMATCH);
    assertThat(v.firstBad().offset()).isEqualTo(1961);
    assertThat(v.firstBad().type()).isEqualTo(EventTypes.UPDATE_ROWS_V1);
    assertThat(v.firstBad().storedCrc()).isNotEqualTo(v.firstBad().computedCrc());
    assertThat(v.restartPosition()).isEqualTo(1776);
    assertThat(v.lastCommittedGtid()).isEqualTo("0-1-5");
    assertThat(v.openTransaction()).isEqualTo("0-1-6");
    assertThat(v.resyncOffset()).isEqualTo(2037);
    assertThat(v.resumeOffset()).isEqualTo(2068);
    assertThat(v.resumeGtid()).isEqualTo("0-1-7");
    assertThat(v.damagedBytes()).isEqualTo(76);
    assertThat(v.damagedTransactions()).isEqualTo(1);
    assertThat(v.affectedTables()).containsExactly("shop.orders");
    assertThat(BinlogFindings.of(v))
        .extracting(Finding::code)
        .containsExactly("binlog.crc-mismatch", "binlog.restart-position", "binlog.resync");
  }

  // where a reader may start past the damage when no complete transaction follows it: the end of
  // the damaged transaction's XID here, since the file is cut inside the next one (GTID 0-1-7)
  @Test
  void theCleanEndIsTheEndOfTheLastEventAfterTheDamageThatLeavesNoTransactionOpen() {
    byte[] damaged = flipped(bytes(CRC32), 1990);

    BinlogVerdict whole = verify(dir, damaged);
    BinlogVerdict cut = verify(dir, Arrays.copyOf(damaged, 2100));

    assertThat(whole.cleanEnd()).isEqualTo(whole.length());
    assertThat(cut.resumeOffset()).isNull();
    assertThat(cut.cleanEnd()).isEqualTo(2068);
    assertThat(verify(dir, bytes(CRC32)).cleanEnd()).as("no damage").isNull();
    assertThat(BinlogFindings.of(cut))
        .filteredOn(f -> f.code().equals("binlog.resync"))
        .singleElement()
        .satisfies(f -> assertThat(f.evidence()).containsEntry("cleanEnd", "2068"));
  }

  @Test
  void theFirstBadEventsFindingNamesEveryDamagedSpanFromItsOffsetToWhereEventsResume() {
    byte[] twice = flipped(flipped(bytes(CRC32), 1240), 1990); // XID at 1228, UPDATE_ROWS at 1961

    BinlogVerdict v = verify(dir, twice);

    assertThat(v.damagedSpans())
        .extracting(BinlogVerdict.Span::offset)
        .containsExactly(1228L, 1961L);
    assertThat(v.damagedSpans().get(1).end()).isEqualTo(2037);
    Finding bad = BinlogFindings.of(v).get(0);
    assertThat(bad.evidence())
        .containsEntry("damageCount", "2")
        .hasEntrySatisfying(
            "damagedSpans", s -> assertThat(s).startsWith("1228-").endsWith(",1961-2037"));
  }

  @Test
  void aCleanFileHasNoDamagedSpan() {
    BinlogVerdict v = verify(dir, bytes(CRC32));

    assertThat(v.damagedSpans()).isEmpty();
    assertThat(BinlogFindings.of(v).get(0).evidence()).doesNotContainKey("damagedSpans");
  }

  @Test
  void aDamagedXidCutsItsTransactionAndValidEventsResumeRightAfterIt() {
    BinlogVerdict v = verify(dir, flipped(bytes(CRC32), 1240)); // XID at 1228 ends GTID 0-1-4

    assertThat(v.firstBad().offset()).isEqualTo(1228);
    assertThat(v.firstBad().type()).isEqualTo(EventTypes.XID);
    assertThat(v.restartPosition()).isEqualTo(981);
    assertThat(v.lastCommittedGtid()).isEqualTo("0-1-3");
    assertThat(v.openTransaction()).isEqualTo("0-1-4");
    assertThat(v.resyncOffset()).isEqualTo(1259);
    assertThat(v.resumeOffset()).isEqualTo(1259);
    assertThat(v.resumeGtid()).isEqualTo("0-1-5");
    assertThat(v.affectedTables()).containsExactly("shop.customers");
  }

  @Test
  void aBrokenEventSizeOnAGtidIsAHeaderErrorAtATransactionBoundary() {
    byte[] content = bytes(CRC32);
    content[1259 + 11] = 0x40; // event_size of the GTID 0-1-5 event becomes ~4 MB

    BinlogVerdict v = verify(dir, content);

    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.HEADER_INVALID);
    assertThat(v.firstBad().offset()).isEqualTo(1259);
    assertThat(v.restartPosition()).isEqualTo(1259);
    assertThat(v.lastCommittedGtid()).isEqualTo("0-1-4");
    assertThat(v.openTransaction()).isNull();
    assertThat(v.resyncOffset()).isEqualTo(1301);
    assertThat(v.damagedTransactions()).isEqualTo(1);
    assertThat(v.affectedTables()).containsExactly("shop.orders", "shop.customers");
    assertThat(v.resumeGtid()).isEqualTo("0-1-6");
    assertThat(BinlogFindings.of(v)).extracting(Finding::code).startsWith("binlog.header-invalid");
  }

  @Test
  void aFileCutInsideAnEventIsTruncatedWithTheCutTransactionNamed() {
    BinlogVerdict v = verify(dir, Arrays.copyOf(bytes(CRC32), 2000));

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.TRUNCATED);
    assertThat(v.firstBad().offset()).isEqualTo(1961);
    assertThat(v.restartPosition()).isEqualTo(1776);
    assertThat(v.lastCommittedGtid()).isEqualTo("0-1-5");
    assertThat(v.openTransaction()).isEqualTo("0-1-6");
    assertThat(v.resyncOffset()).isNull();
    assertThat(v.damagedTransactions()).isEqualTo(1);
    assertThat(BinlogFindings.of(v))
        .extracting(Finding::code)
        .containsExactly("binlog.truncated", "binlog.restart-position");
  }

  @Test
  void aFileCutBetweenEventsInsideATransactionIsReportedAsATruncatedTail() {
    BinlogVerdict v = verify(dir, Arrays.copyOf(bytes(CRC32), 2037));

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.TRUNCATED);
    assertThat(v.firstBad()).isNull();
    assertThat(v.endsInTransaction()).isTrue();
    assertThat(v.restartPosition()).isEqualTo(1776);
    assertThat(BinlogFindings.of(v)).extracting(Finding::code).containsExactly("binlog.truncated");
  }

  @Test
  void anOpenFileWithTheInUseFlagStillPassesItsFdeChecksum() {
    byte[] content = bytes(CRC32);
    content[4 + 17] |= 0x01;

    BinlogVerdict v = verify(dir, content);

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.OK);
    assertThat(v.inUse()).isTrue();
    assertThat(BinlogFindings.of(v))
        .extracting(Finding::code)
        .containsExactly("binlog.ok", "binlog.in-use");
  }

  @Test
  void withoutChecksumsABrokenEventSizeIsFoundByItsLogPosAndResynced() {
    byte[] content = bytes(NONE);
    content[642 + 9] = 0x10; // ANNOTATE_ROWS at 642 (GTID 0-1-11): size 74 -> 16, below the minimum

    BinlogVerdict v = verify(dir, content);

    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.HEADER_INVALID);
    assertThat(v.firstBad().offset()).isEqualTo(642);
    assertThat(v.restartPosition()).isEqualTo(604);
    assertThat(v.lastCommittedGtid()).isEqualTo("0-1-10");
    assertThat(v.openTransaction()).isEqualTo("0-1-11");
    assertThat(v.resyncOffset()).isEqualTo(716);
    assertThat(v.affectedTables()).containsExactly("shop.orders");
  }

  @Test
  void aFileWithoutTheMagicIsNotABinlog() {
    BinlogVerdict garbage =
        verify(dir, "not a binlog at all".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    BinlogVerdict empty = verify(dir, new byte[0]);

    assertThat(garbage.firstBad().kind()).isEqualTo(Damage.Kind.BAD_MAGIC);
    assertThat(empty.firstBad().kind()).isEqualTo(Damage.Kind.BAD_MAGIC);
    assertThat(BinlogFindings.of(empty))
        .extracting(Finding::code)
        .containsExactly("binlog.bad-magic");
  }

  @Test
  void aDamagedMagicBeforeIntactEventsSaysTheyResumeAtOffsetFour() {
    byte[] content = bytes(CRC32);
    BinlogVerdict intact = verify(dir, content);

    BinlogVerdict v = verify(dir, flipped(content, 1));

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.CORRUPT);
    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.BAD_MAGIC);
    assertThat(v.firstBad().reason()).contains("FORMAT_DESCRIPTION starts at offset 4");
    assertThat(v.resyncOffset()).isEqualTo(4);
    assertThat(v.damagedBytes()).isEqualTo(4);
    assertThat(v.events()).isEqualTo(intact.events());
    assertThat(v.resumeOffset()).isNotNull().isGreaterThan(4L);
    assertThat(v.resumeGtid()).isNotNull();
  }

  @Test
  void garbageAfterADamagedMagicGivesNoResumeOffset() {
    byte[] content = bytes(CRC32);
    byte[] broken = flipped(flipped(content, 1), 4 + 9); // magic and the FDE's event_size

    BinlogVerdict v = verify(dir, broken);

    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.BAD_MAGIC);
    assertThat(v.resyncOffset()).isNull();
    assertThat(v.events()).isZero();
  }

  @Test
  void anEventSizeOfFourGigabytesIsAHeaderErrorNotAnAllocation() {
    byte[] content = bytes(CRC32);
    for (int i = 0; i < 4; i++) {
      content[256 + 9 + i] = (byte) 0xff;
    }

    BinlogVerdict v = verify(dir, content);

    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.HEADER_INVALID);
    assertThat(v.firstBad().offset()).isEqualTo(256);
    assertThat(v.firstBad().reason()).contains("4294967295");
    assertThat(v.resyncOffset()).isEqualTo(285);
  }
}
