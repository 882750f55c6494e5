package dev.lakeops.eval.world.binlog;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The binlog files of the simulated world: copies of one real MariaDB binlog ({@value #RECORDING},
 * see the README beside it), intact or damaged as a {@link BinlogFileSpec} says, so the binlog
 * tools read real bytes.
 */
public final class BinlogWorld {

  /** The recorded binlog, a resource beside this class. */
  public static final String RECORDING = "mariadb-10.11-crc32.000002";

  /** Events in the recording, the FORMAT_DESCRIPTION event first. */
  public static final int RECORDED_EVENTS = 44;

  static final int MAGIC_LENGTH = 4;

  // v4 event header, little-endian (MySQL "Binlog Event Header"):
  // | timestamp 4 | type 1 | server_id 4 | event_size 4 | log_pos 4 | flags 2 |
  static final int HEADER_LENGTH = 19;
  static final int EVENT_SIZE_OFFSET = 9;
  static final int CRC_LENGTH = 4;

  /** What {@value BinlogFileSpec#GARBAGE_HEADER} writes over a header. */
  static final byte GARBAGE = (byte) 0xEE;

  private static final class Recording {
    static final byte[] BYTES = load();
    static final List<long[]> EVENTS = events(BYTES);
  }

  private BinlogWorld() {}

  /**
   * Writes every file of {@code files} into {@code dir}, creating it when missing and replacing
   * files of the same names.
   *
   * @throws IllegalArgumentException two specs name the same file
   * @throws UncheckedIOException a file cannot be written
   */
  public static void write(Path dir, List<BinlogFileSpec> files) {
    requireNonNull(dir, "dir");
    Set<String> names = new HashSet<>();
    for (BinlogFileSpec f : files) {
      if (!names.add(f.name())) {
        throw new IllegalArgumentException("Binlog file " + f.name() + " is given twice");
      }
    }
    try {
      Files.createDirectories(dir);
      for (BinlogFileSpec f : files) {
        Files.write(dir.resolve(f.name()), bytes(f));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to write binlog files into " + dir, e);
    }
  }

  /** Where event {@code event} (from 1) starts in the recording: the offset verify names. */
  public static long eventOffset(int event) {
    return Recording.EVENTS.get(checkEvent(event) - 1)[0];
  }

  /** The recording's length in bytes. */
  public static int recordedLength() {
    return Recording.BYTES.length;
  }

  /** The content {@code spec} describes. */
  static byte[] bytes(BinlogFileSpec spec) {
    byte[] content = Recording.BYTES.clone();
    if (spec.damage().equals(BinlogFileSpec.NONE)) {
      return content;
    }
    long[] event = Recording.EVENTS.get(checkEvent(spec.event()) - 1);
    int offset = (int) event[0];
    int size = (int) event[1];
    int bodyStart = offset + HEADER_LENGTH;
    return switch (spec.damage()) {
      case BinlogFileSpec.FLIPPED_BYTE -> {
        content[bodyStart + (size - HEADER_LENGTH - CRC_LENGTH) / 2] ^= (byte) 0xFF;
        yield content;
      }
      case BinlogFileSpec.TRUNCATED ->
          Arrays.copyOf(content, bodyStart + (size - HEADER_LENGTH) / 2);
      case BinlogFileSpec.GARBAGE_HEADER -> {
        Arrays.fill(content, offset, bodyStart, GARBAGE);
        yield content;
      }
      default -> throw new IllegalStateException("Unhandled damage " + spec.damage());
    };
  }

  private static int checkEvent(int event) {
    if (event < 1 || event > Recording.EVENTS.size()) {
      throw new IllegalArgumentException(
          "Invalid event: "
              + event
              + " (the recording has events 1.."
              + Recording.EVENTS.size()
              + ")");
    }
    return event;
  }

  // Requires: an intact v4 binlog, each header's event_size its event's length.
  private static List<long[]> events(byte[] content) {
    ByteBuffer b = ByteBuffer.wrap(content).order(ByteOrder.LITTLE_ENDIAN);
    List<long[]> events = new ArrayList<>();
    int position = MAGIC_LENGTH;
    while (position < content.length) {
      int size = b.getInt(position + EVENT_SIZE_OFFSET);
      events.add(new long[] {position, size});
      position += size;
    }
    if (position != content.length || events.size() != RECORDED_EVENTS) {
      throw new IllegalStateException(
          "The recording " + RECORDING + " does not walk as " + RECORDED_EVENTS + " events");
    }
    return List.copyOf(events);
  }

  private static byte[] load() {
    try (InputStream in = BinlogWorld.class.getResourceAsStream(RECORDING)) {
      if (in == null) {
        throw new IllegalStateException("Missing resource " + RECORDING + " beside BinlogWorld");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read the resource " + RECORDING, e);
    }
  }
}
