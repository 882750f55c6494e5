package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.binlog.file.BinlogFixtures.CRC32;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.NONE;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.bytes;
import static dev.lakeops.tools.binlog.file.BinlogFixtures.verify;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Properties over many damaged copies: exact localization, and only typed results escape. */
class BinlogDamageLocalizationTest {

  @TempDir Path dir;

  @Test
  void everySingleByteFlipInAChecksummedFileIsFoundAtTheEventHoldingIt() {
    byte[] clean = bytes(CRC32);
    List<BinlogEvent> events = BinlogFixtures.events(BinlogFixtures.write(dir, "clean.bin", clean));

    for (BinlogEvent event : events) {
      EventHeader h = event.header();
      for (long offset = h.offset(); offset < h.end(); offset++) {
        BinlogVerdict v = verify(dir, BinlogFixtures.flipped(clean, (int) offset));

        assertThat(v.firstBad()).as("flip at %d", offset).isNotNull();
        assertThat(v.firstBad().offset())
            .as("flip at %d in %s at %d", offset, h.typeName(), h.offset())
            .isEqualTo(h.offset());
        assertThat(v.restartPosition()).as("flip at %d", offset).isLessThanOrEqualTo(h.offset());
      }
    }
  }

  @Test
  void damageNeverMovesTheRestartPositionIntoATransaction() {
    byte[] clean = bytes(CRC32);
    List<Long> boundaries =
        List.of(
            4L, 256L, 285L, 328L, 457L, 500L, 749L, 981L, 1259L, 1776L, 2068L, 2309L, 2490L, 2923L);

    for (int offset = 4; offset < clean.length; offset += 7) {
      BinlogVerdict v = verify(dir, BinlogFixtures.flipped(clean, offset));

      assertThat(boundaries).as("flip at %d", offset).contains(v.restartPosition());
    }
  }

  @Test
  void seededCorruptionsYieldOnlyVerdictsNeverExceptions() {
    Random random = new Random(20261130L);
    for (String fixture : List.of(CRC32, NONE)) {
      byte[] clean = bytes(fixture);
      for (int round = 0; round < 300; round++) {
        byte[] damaged = corrupt(clean, random);

        BinlogVerdict v = verify(dir, damaged);

        assertThat(v.length()).isEqualTo(damaged.length);
        assertThat(v.damagedBytes()).isBetween(0L, (long) damaged.length);
        assertThat(BinlogFindings.of(v)).isNotEmpty();
        if (v.firstBad() != null && v.resyncOffset() != null) {
          assertThat(v.resyncOffset()).isGreaterThan(v.firstBad().offset());
        }
      }
    }
  }

  private static byte[] corrupt(byte[] clean, Random random) {
    byte[] copy = clean.clone();
    switch (random.nextInt(5)) {
      case 0 -> { // a few random bytes anywhere, magic included
        for (int i = 0, n = 1 + random.nextInt(4); i < n; i++) {
          copy[random.nextInt(copy.length)] = (byte) random.nextInt(256);
        }
      }
      case 1 -> { // a zeroed block
        int from = random.nextInt(copy.length);
        Arrays.fill(copy, from, Math.min(copy.length, from + 1 + random.nextInt(200)), (byte) 0);
      }
      case 2 -> { // truncation anywhere
        return Arrays.copyOf(copy, random.nextInt(copy.length));
      }
      case 3 -> { // a garbage 32-bit field at a random place (sizes, log_pos, lengths)
        int at = 4 + random.nextInt(copy.length - 8);
        int value = random.nextInt();
        for (int i = 0; i < 4; i++) {
          copy[at + i] = (byte) (value >>> (8 * i));
        }
      }
      default -> { // garbage everywhere after the magic
        byte[] noise = new byte[copy.length - 4];
        random.nextBytes(noise);
        System.arraycopy(noise, 0, copy, 4, noise.length);
      }
    }
    return copy;
  }
}
