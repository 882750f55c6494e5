package dev.lakeops.eval.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.binlog.file.BinlogVerdict;
import dev.lakeops.tools.binlog.file.Damage;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property: a single flipped byte anywhere after the magic of a checksummed binlog written by a
 * live MariaDB is found at the event that holds it, with the restart position, GTID and resync
 * offset the server's own event listing implies. The server and its binlogs are those of {@link
 * BinlogLiveDamageIT} ({@link SharedLiveBinlogs}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(SharedLiveBinlogs.class)
class BinlogLiveFlipPropertyIT {

  /** One in this many flips is also checked with mariadb-binlog (a process per file). */
  private static final int TOOL_SAMPLE = 97;

  /** Flips checked in the large file (each check reads the whole file). */
  private static final int SAMPLE = 1500;

  private LiveBinlogs live;
  @TempDir Path dir;

  @BeforeAll
  void shareTheServersBinlogs() {
    live = SharedLiveBinlogs.live();
  }

  @Test
  void everyFlipInTheSmallFileIsFoundAtItsEvent() throws IOException {
    int checked = checkFlips(live.files.mixed(), 1);

    assertThat(checked).isEqualTo(live.clean.get(live.files.mixed()).length - 4);
  }

  @Test
  void aDeterministicSampleOfFlipsInTheLargeFileIsFoundAtItsEvent() throws IOException {
    byte[] clean = live.clean.get(live.files.rows());
    int stride = (clean.length / SAMPLE) | 1; // odd: the sample does not stay on even offsets
    int checked = checkFlips(live.files.rows(), stride);

    assertThat(checked).isGreaterThanOrEqualTo(SAMPLE / 2);
  }

  /**
   * Flips every {@code stride}-th byte from offset 4 on in a copy (and back after the check);
   * returns how many flips were checked.
   */
  private int checkFlips(String file, int stride) throws IOException {
    byte[] clean = live.clean.get(file);
    ServerEvents listing = live.listings.get(file);
    Path copy = LiveBinlogs.write(dir, file, clean);
    int checked = 0;
    try (RandomAccessFile raf = new RandomAccessFile(copy.toFile(), "rw")) {
      for (int offset = 4; offset < clean.length; offset += stride) {
        raf.seek(offset);
        raf.write(clean[offset] ^ 0xff);
        check(listing, copy, offset, checked % TOOL_SAMPLE == 0);
        raf.seek(offset);
        raf.write(clean[offset]);
        checked++;
      }
    }
    return checked;
  }

  private static void check(ServerEvents listing, Path copy, int offset, boolean withTool) {
    ServerEvents.Event hit = listing.at(offset);
    BinlogVerdict v = LiveBinlogs.verify(copy);

    String where = "flip at " + offset + " in " + hit.type() + " at " + hit.pos();
    ServerEvents.Safe safe = listing.safeBefore(hit.pos());
    assertThat(v.firstBad()).as(where).isNotNull();
    assertThat(v.firstBad().offset())
        .as("%s: %s", where, v.firstBad().reason())
        .isEqualTo(hit.pos());
    assertThat(v.firstBad().kind())
        .as(where)
        .isIn(Damage.Kind.CRC_MISMATCH, Damage.Kind.HEADER_INVALID);
    assertThat(v.restartPosition()).as(where).isEqualTo(safe.end());
    assertThat(v.lastCommittedGtid()).as(where).isEqualTo(safe.gtid());
    assertThat(v.resyncOffset())
        .as(where)
        .isEqualTo(hit.end() < listing.length() ? hit.end() : null);
    assertThat(v.damageCount()).as(where).isEqualTo(1);
    if (withTool) {
      MariadbBinlogTool.Result tool = MariadbBinlogTool.verify(copy);
      assertThat(tool.exitCode()).as("mariadb-binlog, %s", where).isNotZero();
      assertThat(tool.failedAt())
          .as("mariadb-binlog, %s: %s", where, tool.stderr())
          .isEqualTo(hit.pos());
    }
  }
}
