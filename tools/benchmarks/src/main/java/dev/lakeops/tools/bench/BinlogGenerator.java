package dev.lakeops.tools.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Writes a large binlog made of a real file's transactions repeated: the recorded file's leading
 * events (FDE, GTID_LIST, BINLOG_CHECKPOINT) as they are, then its events from the first GTID to
 * the last before the closing ROTATE, over and over, each copy with its true {@code log_pos}, the
 * MariaDB GTID sequence numbers counting up and a recomputed CRC32; then the ROTATE. So every event
 * is one a MariaDB server wrote, and every reader sees a valid file of the requested size.
 */
final class BinlogGenerator {

  private static final int HEADER = 19;
  private static final int MARIADB_GTID = 162;
  private static final int ROTATE = 4;

  private BinlogGenerator() {}

  /**
   * Returns {@code target}, generating it first unless a file of at least {@code bytes} bytes is
   * there.
   */
  static Path ensure(Path source, Path target, long bytes) {
    try {
      if (Files.isRegularFile(target) && Files.size(target) >= bytes) {
        return target;
      }
      Files.createDirectories(target.getParent());
      Path partial = target.resolveSibling(target.getFileName() + ".partial");
      generate(Files.readAllBytes(source), partial, bytes);
      return Files.move(
          partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to generate " + target + " from " + source, e);
    }
  }

  private static void generate(byte[] recorded, Path out, long bytes) throws IOException {
    List<int[]> events = events(recorded); // {offset, size, type}
    int firstGtid = -1;
    int rotate = -1;
    for (int i = 0; i < events.size(); i++) {
      if (events.get(i)[2] == MARIADB_GTID && firstGtid < 0) {
        firstGtid = i;
      }
      if (events.get(i)[2] == ROTATE) {
        rotate = i;
      }
    }
    if (firstGtid < 0 || rotate < firstGtid) {
      throw new IllegalArgumentException(
          "recorded binlog has no MariaDB GTID followed by a closing ROTATE");
    }
    CRC32 crc = new CRC32();
    ByteBuffer buffer = ByteBuffer.allocate(8 << 20).order(ByteOrder.LITTLE_ENDIAN);
    try (FileChannel channel =
        FileChannel.open(
            out,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      int prefix = events.get(firstGtid)[0];
      buffer.put(recorded, 0, prefix);
      long position = prefix;
      long sequence = 1;
      while (position < bytes) {
        for (int i = firstGtid; i < rotate; i++) {
          int[] e = events.get(i);
          position =
              copy(
                  recorded,
                  e,
                  position,
                  e[2] == MARIADB_GTID ? sequence++ : -1,
                  buffer,
                  channel,
                  crc);
        }
      }
      copy(recorded, events.get(rotate), position, -1, buffer, channel, crc);
      flush(buffer, channel);
    }
  }

  /**
   * Appends one event at {@code position} with its log_pos, optional GTID sequence and CRC fixed.
   */
  private static long copy(
      byte[] recorded,
      int[] e,
      long position,
      long sequence,
      ByteBuffer buffer,
      FileChannel channel,
      CRC32 crc)
      throws IOException {
    int size = e[1];
    if (buffer.remaining() < size) {
      flush(buffer, channel);
    }
    int start = buffer.position();
    buffer.put(recorded, e[0], size);
    long end = position + size;
    buffer.putInt(start + 13, (int) end);
    if (sequence >= 0) {
      buffer.putLong(start + HEADER, sequence);
    }
    crc.reset();
    crc.update(buffer.array(), start, size - 4);
    buffer.putInt(start + size - 4, (int) crc.getValue());
    return end;
  }

  private static void flush(ByteBuffer buffer, FileChannel channel) throws IOException {
    buffer.flip();
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
    buffer.clear();
  }

  /** Offsets, sizes and types of the events of a clean CRC32 binlog. */
  private static List<int[]> events(byte[] b) {
    ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    List<int[]> events = new ArrayList<>();
    int at = 4;
    while (at + HEADER <= b.length) {
      int size = buf.getInt(at + 9);
      if (size < HEADER + 4 || at + size > b.length) {
        throw new IllegalArgumentException(
            "recorded binlog has a bad event size " + size + " at " + at);
      }
      events.add(new int[] {at, size, b[at + 4] & 0xff});
      at += size;
    }
    if (b.length < 256 || (b[256 - 5] & 0xff) != 1) {
      throw new IllegalArgumentException(
          "recorded binlog must be a MariaDB file with binlog_checksum=CRC32");
    }
    return events;
  }
}
