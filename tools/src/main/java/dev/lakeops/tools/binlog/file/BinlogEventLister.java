package dev.lakeops.tools.binlog.file;

import static dev.lakeops.tools.Checks.checkArgument;

import dev.lakeops.tools.ProbeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Lists the events of one binlog file, valid or damaged, in file order, like {@code SHOW BINLOG
 * EVENTS} but with the CRC32 outcome. Streams: each event goes to the sink as it is read, the walk
 * stops after {@code limit} events, and memory stays bounded whatever the file's size (only a
 * capped table-id map is kept).
 *
 * <p>The reader has no index, so events before {@code from} are still read and checked (the
 * checksum algorithm comes from the FDE at offset 4); they are just not listed.
 */
public final class BinlogEventLister {

  /** Longest info text per event. */
  public static final int MAX_INFO = 160;

  private static final int MAX_TABLE_IDS = 1024;

  private BinlogEventLister() {}

  /** How a listing ended. */
  public record Summary(
      String file,
      long length,
      String checksum,
      long listed,
      boolean limitReached,
      long nextOffset) {}

  /**
   * Sends the events that start at or after {@code from} to {@code sink}, at most {@code limit}.
   *
   * @param from a file offset; need not be an event start (listing begins at the first event at or
   *     after it)
   * @return where the listing stopped; {@code nextOffset} is the {@code from} for the next page
   * @throws IllegalArgumentException {@code from < 0} or {@code limit < 1}
   * @throws ProbeException {@code NOT_FOUND} when the file does not exist or is not a regular file
   * @throws UncheckedIOException the file cannot be read
   */
  public static Summary list(Path file, long from, int limit, Consumer<ListedEvent> sink) {
    checkArgument(from >= 0, "Invalid --from %s: a file offset must be >= 0", from);
    checkArgument(limit >= 1, "Invalid --limit %s: must be >= 1", limit);
    if (!Files.isRegularFile(file)) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND, file.toString(), "no binlog file at " + file);
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      Walk walk = new Walk(channel, from, limit, sink);
      try {
        BinlogReader.read(file, walk);
      } catch (LimitReached e) {
        return new Summary(
            file.toString(), walk.length, walk.checksum(), walk.listed, true, walk.nextOffset);
      }
      return new Summary(
          file.toString(), walk.length, walk.checksum(), walk.listed, false, walk.length);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read binlog " + file, e);
    }
  }

  /** Stops the reader once the limit is reached; carries no stack trace. */
  private static final class LimitReached extends RuntimeException {
    LimitReached() {
      super("limit reached", null, false, false);
    }
  }

  private static final class Walk implements BinlogVisitor {
    private final FileChannel channel;
    private final long from;
    private final int limit;
    private final Consumer<ListedEvent> sink;
    private final Map<Long, String> tables =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Long, String> eldest) {
            return size() > MAX_TABLE_IDS;
          }
        };
    private long length;
    private int checksumAlg = -1;
    private long listed;
    private long nextOffset;

    Walk(FileChannel channel, long from, int limit, Consumer<ListedEvent> sink) {
      this.channel = channel;
      this.from = from;
      this.limit = limit;
      this.sink = sink;
    }

    String checksum() {
      return checksumAlg == BinlogReader.CHECKSUM_CRC32
          ? "CRC32"
          : checksumAlg == BinlogReader.CHECKSUM_NONE ? "NONE" : "unknown";
    }

    @Override
    public void start(String file, long length) {
      this.length = length;
    }

    @Override
    public void event(BinlogEvent event) {
      EventHeader h = event.header();
      if (event.body() instanceof EventBody.FormatDescription f) {
        checksumAlg = f.checksumAlg();
      }
      if (event.body() instanceof EventBody.TableMap t) {
        tables.put(t.tableId(), t.qualifiedName());
      }
      boolean checked =
          checksumAlg == BinlogReader.CHECKSUM_CRC32 || h.type() == EventTypes.FORMAT_DESCRIPTION;
      emit(
          new ListedEvent(
              h.offset(),
              h.typeName(),
              h.size(),
              h.logPos(),
              h.timestamp(),
              h.serverId(),
              checked ? ListedEvent.Crc.OK : ListedEvent.Crc.NONE,
              EventInfo.of(event.body(), tables),
              null),
          h.end());
    }

    @Override
    public void damage(Damage damage) {
      long size = -1;
      long logPos = -1;
      long timestamp = -1;
      long serverId = -1;
      if (damage.offset() + EventHeader.LENGTH <= length
          && damage.kind() != Damage.Kind.BAD_MAGIC) {
        ByteBuffer b = header(damage.offset());
        timestamp = Integer.toUnsignedLong(b.getInt(0));
        serverId = Integer.toUnsignedLong(b.getInt(5));
        size = Integer.toUnsignedLong(b.getInt(9));
        logPos = Integer.toUnsignedLong(b.getInt(13));
      }
      long end = damage.resyncOffset() != null ? damage.resyncOffset() : length;
      ListedEvent.Crc crc =
          damage.kind() == Damage.Kind.CRC_MISMATCH
              ? ListedEvent.Crc.MISMATCH
              : ListedEvent.Crc.NOT_CHECKED;
      String info =
          damage.kind()
              + (damage.resyncOffset() != null
                  ? ", valid events resume at " + damage.resyncOffset()
                  : ", no valid event follows");
      emit(
          new ListedEvent(
              damage.offset(),
              damage.typeName(),
              size,
              logPos,
              timestamp,
              serverId,
              crc,
              info,
              damage.reason()),
          end);
    }

    @Override
    public void end(int checksumAlg) {
      this.checksumAlg = checksumAlg;
    }

    private void emit(ListedEvent event, long end) {
      if (event.offset() < from) {
        return;
      }
      sink.accept(event);
      listed++;
      nextOffset = end;
      if (listed >= limit) {
        throw new LimitReached();
      }
    }

    private ByteBuffer header(long offset) {
      ByteBuffer b = ByteBuffer.allocate(EventHeader.LENGTH).order(ByteOrder.LITTLE_ENDIAN);
      try {
        while (b.hasRemaining() && channel.read(b, offset + b.position()) >= 0) {
          // keep reading until the 19 bytes are in
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Failed to read the header at offset " + offset, e);
      }
      return b;
    }
  }
}
