package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.flipped;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.verify;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Events larger than the reader's 64 KB chunk: CRC computed piecewise, resync across chunk borders.
 */
class BinlogLargeEventTest {

  private static final String BIG_DDL =
      "CREATE TABLE shop.big (id INT) COMMENT '" + "x".repeat(200_000) + "'";

  @TempDir Path dir;

  @Test
  void verifiesAnEventSpanningSeveralChunks() {
    byte[] file =
        new SyntheticBinlog().gtid(1).query(BIG_DDL).gtid(2).query("DROP TABLE shop.big").bytes();

    BinlogVerdict v = verify(dir, file);

    assertThat(v.status()).isEqualTo(BinlogVerdict.Status.OK);
    assertThat(v.transactions()).isEqualTo(2);
  }

  @Test
  void findsAFlipDeepInsideALargeEventAndResyncsBeyondIt() {
    SyntheticBinlog b = new SyntheticBinlog().gtid(1);
    long bigAt = b.position();
    b.query(BIG_DDL);
    long nextAt = b.position();
    byte[] file = b.gtid(2).query("DROP TABLE shop.big").bytes();

    BinlogVerdict v = verify(dir, flipped(file, (int) bigAt + 150_000));

    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.CRC_MISMATCH);
    assertThat(v.firstBad().offset()).isEqualTo(bigAt);
    assertThat(v.resyncOffset()).isEqualTo(nextAt);
    assertThat(v.openTransaction()).endsWith(":1");
  }

  @Test
  void aBrokenSizeOnALargeEventResyncsAcrossChunkBorders() {
    SyntheticBinlog b = new SyntheticBinlog().gtid(1);
    long bigAt = b.position();
    b.query(BIG_DDL);
    long nextAt = b.position();
    byte[] file = b.gtid(2).query("DROP TABLE shop.big").bytes();
    file[(int) bigAt + 9 + 3] = 0x7f; // event_size far past the end of the file

    BinlogVerdict v = verify(dir, file);

    assertThat(v.firstBad().kind()).isEqualTo(Damage.Kind.HEADER_INVALID);
    assertThat(v.firstBad().offset()).isEqualTo(bigAt);
    assertThat(v.resyncOffset()).isEqualTo(nextAt);
    assertThat(v.resumeOffset()).isEqualTo(nextAt);
    assertThat(v.damagedBytes()).isEqualTo(nextAt - bigAt);
  }
}
