package dev.lakeops.tools.binlog.file;

import dev.lakeops.tools.binlog.BinlogTools;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The recorded MariaDB binlogs under {@code src/test/resources/binlog/} and damaged copies of them.
 */
public final class BinlogFixtures {

  /**
   * MariaDB 10.11.19, binlog_checksum=CRC32: 44 events, GTIDs 0-1-1..0-1-9; see the README there.
   */
  public static final String CRC32 = "mariadb-10.11-crc32.000002";

  /** MariaDB 10.11.19, binlog_checksum=NONE: 20 events, GTIDs 0-1-10..0-1-12. */
  public static final String NONE = "mariadb-10.11-none.000004";

  private BinlogFixtures() {}

  public static byte[] bytes(String name) {
    try (InputStream in = BinlogFixtures.class.getResourceAsStream("/binlog/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource binlog/" + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Path write(Path dir, String name, byte[] content) {
    try {
      return Files.write(dir.resolve(name), content);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static BinlogVerdict verify(Path dir, byte[] content) {
    return BinlogTools.verdict(write(dir, "damaged.bin", content));
  }

  public static byte[] flipped(byte[] content, int offset) {
    byte[] copy = content.clone();
    copy[offset] ^= (byte) 0xff;
    return copy;
  }

  /** The valid events of a clean file, in order. */
  public static List<BinlogEvent> events(Path file) {
    List<BinlogEvent> events = new ArrayList<>();
    BinlogReader.read(
        file,
        new BinlogVisitor() {
          @Override
          public void start(String file, long length) {}

          @Override
          public void event(BinlogEvent event) {
            events.add(event);
          }

          @Override
          public void damage(Damage damage) {
            throw new AssertionError("fixture is damaged: " + damage);
          }

          @Override
          public void end(int checksumAlg) {}
        });
    return events;
  }
}
