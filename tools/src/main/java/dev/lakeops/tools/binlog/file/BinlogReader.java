package dev.lakeops.tools.binlog.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;

/**
 * Walks a binlog v4 file event by event and checks each one (binlog.md §7): header bounds, {@code
 * log_pos}, CRC32 (the FDE's with the in-use flag cleared) and the decodable body fields. After
 * damage it scans forward for the next valid event and carries on from there. Given a {@link
 * RowsVisitor}, it also decodes the values of TABLE_MAP and rows events.
 *
 * <p>Memory is bounded whatever the file holds: the file is read through one {@link #WINDOW}-byte
 * direct buffer (one positional read per window, not per event), CRCs of larger events are computed
 * window by window, at most {@link #DECODE_LIMIT} bytes of a body are decoded for transaction
 * tracking, and at most {@link #MAX_ROWS_EVENT} bytes of one rows event are held for row decoding.
 */
public final class BinlogReader {

  static final int CHUNK = 64 * 1024;
  static final int WINDOW = 1024 * 1024;
  static final int DECODE_LIMIT = 64 * 1024;

  /**
   * Largest TABLE_MAP or rows event body whose values are decoded; larger ones get a {@link
   * RowsFailure}.
   */
  static final int MAX_ROWS_EVENT = 64 * 1024 * 1024;

  static final int CHECKSUM_NONE = 0;
  static final int CHECKSUM_CRC32 = 1;
  private static final int TRAILER = 4;
  private static final int MAX_TABLE_MAPS = 1024;

  /** The table id MySQL gives the empty rows event that only ends a statement. */
  private static final long DUMMY_TABLE_ID = 0x00ffffffL;

  private static final byte[] MAGIC = {(byte) 0xfe, 'b', 'i', 'n'};

  private final String name;
  private final FileChannel channel;
  private final long length;
  private final ByteBuffer window;
  private long windowStart;
  private int windowLength;
  private final ByteBuffer scan = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
  private final CRC32 crc = new CRC32();
  private int checksumAlg = CHECKSUM_CRC32;
  private long nextPosition;
  private final @Nullable RowsVisitor rowsVisitor;
  private final boolean statementText;
  private final Map<Long, CachedTableMap> tableMapBodies = new java.util.HashMap<>();
  private final Map<Long, TableDefinition> tables =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, TableDefinition> eldest) {
          return size() > MAX_TABLE_MAPS;
        }
      };

  private BinlogReader(String name, FileChannel channel, long length, BinlogVisitor visitor) {
    this.name = name;
    this.channel = channel;
    this.length = length;
    // Direct, so positional reads land without a copy and CRC32 runs on the memory in place; no
    // larger
    // than the file, since direct memory is only returned when the buffer is collected.
    this.window =
        ByteBuffer.allocateDirect((int) Math.max(1, Math.min(WINDOW, length)))
            .order(ByteOrder.LITTLE_ENDIAN);
    this.rowsVisitor = visitor instanceof RowsVisitor r ? r : null;
    this.statementText = visitor.wantsStatementText();
  }

  /**
   * Reads {@code file} and reports every valid event and every damage to {@code visitor}; a {@link
   * RowsVisitor} also gets the decoded rows.
   *
   * @throws UncheckedIOException the file cannot be opened or read
   */
  public static void read(Path file, BinlogVisitor visitor) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      new BinlogReader(file.toString(), channel, channel.size(), visitor).walk(visitor);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read binlog " + file, e);
    }
  }

  private void walk(BinlogVisitor visitor) throws IOException {
    visitor.start(name, length);
    if (length < MAGIC.length || !hasMagic()) {
      // Only the magic may be hit (a flipped first byte): when a valid FDE still starts at 4, the
      // events are read from there and the damage says so.
      boolean fdeFollows = length >= MAGIC.length && formatDescriptionAt4();
      visitor.damage(
          new Damage(
              Damage.Kind.BAD_MAGIC,
              0,
              -1,
              "file does not start with the binlog magic FE 62 69 6E ("
                  + length
                  + " bytes)"
                  + (fdeFollows ? "; a valid FORMAT_DESCRIPTION starts at offset 4" : ""),
              null,
              null,
              fdeFollows ? (long) MAGIC.length : null));
      if (!fdeFollows) {
        visitor.end(checksumAlg);
        return;
      }
    }
    long position = MAGIC.length;
    boolean first = true;
    while (position < length) {
      Damage damage = check(position, first, visitor);
      if (damage != null) {
        visitor.damage(damage);
        if (damage.resyncOffset() == null) {
          break;
        }
        position = damage.resyncOffset();
      } else {
        position = nextPosition;
      }
      first = false;
    }
    visitor.end(checksumAlg);
  }

  /**
   * Checks the event at {@code position}; when valid, reports it to the visitor, sets {@link
   * #nextPosition} and returns null, else returns the damage.
   */
  private @Nullable Damage check(long position, boolean first, BinlogVisitor visitor)
      throws IOException {
    long remaining = length - position;
    if (remaining < EventHeader.LENGTH) {
      return damage(
          Damage.Kind.TRUNCATED,
          position,
          -1,
          "file ends " + remaining + " bytes into an event header (19 bytes)",
          null,
          null,
          false);
    }
    EventHeader h = header(position);
    boolean fde = h.type() == EventTypes.FORMAT_DESCRIPTION;
    int trailer = fde || checksumAlg == CHECKSUM_CRC32 ? TRAILER : 0;
    if (h.size() < EventHeader.LENGTH + trailer) {
      return damage(
          Damage.Kind.HEADER_INVALID,
          position,
          h.type(),
          "event_size " + h.size() + " is below the minimum " + (EventHeader.LENGTH + trailer),
          null,
          null,
          true);
    }
    if (h.size() > remaining) {
      Damage.Kind kind = h.logPos() == h.end() ? Damage.Kind.TRUNCATED : Damage.Kind.HEADER_INVALID;
      return damage(
          kind,
          position,
          h.type(),
          "event_size "
              + h.size()
              + " runs past the end of the file ("
              + remaining
              + " bytes left)",
          null,
          null,
          kind == Damage.Kind.HEADER_INVALID);
    }
    if (first && !fde) {
      return damage(
          Damage.Kind.HEADER_INVALID,
          position,
          h.type(),
          "first event is " + h.typeName() + ", expected FORMAT_DESCRIPTION",
          null,
          null,
          true);
    }
    int alg = checksumAlg;
    if (fde) {
      alg = byteAt(h.end() - TRAILER - 1);
      checksumAlg = alg == CHECKSUM_NONE ? CHECKSUM_NONE : CHECKSUM_CRC32;
    }
    if (trailer > 0) {
      long stored = storedCrc(h.end());
      long computed = crc(position, h.size() - TRAILER, fde);
      if (stored != computed) {
        return damage(
            Damage.Kind.CRC_MISMATCH,
            position,
            h.type(),
            String.format("stored CRC32 0x%08x, computed 0x%08x", stored, computed),
            stored,
            computed,
            true);
      }
    } else if (!h.logPosConsistent()) {
      return damage(
          Damage.Kind.HEADER_INVALID,
          position,
          h.type(),
          "log_pos " + h.logPos() + " != offset + event_size " + h.end(),
          null,
          null,
          true);
    }
    if (fde && alg != CHECKSUM_NONE && alg != CHECKSUM_CRC32) {
      return damage(
          Damage.Kind.BODY_INVALID,
          position,
          h.type(),
          "unknown checksum_alg " + alg,
          null,
          null,
          true);
    }
    long fullBody = h.size() - EventHeader.LENGTH - trailer;
    int bodyLength = (int) Math.min(fullBody, DECODE_LIMIT);
    EventBody body;
    try {
      ByteBuffer bytes = slice(position + EventHeader.LENGTH, bodyLength);
      body =
          h.type() == EventTypes.TRANSACTION_PAYLOAD
              ? transactionPayload(h, fullBody)
              : h.type() == EventTypes.TABLE_MAP
                  ? tableMap(h, bytes)
                  : EventDecoder.decode(name, h, bytes, checksumAlg, statementText);
    } catch (BinlogFormatException e) {
      return damage(Damage.Kind.BODY_INVALID, position, h.type(), e.getMessage(), null, null, true);
    }
    visitor.event(new BinlogEvent(h, body));
    if (rowsVisitor != null) {
      decodeRows(h, fullBody, rowsVisitor);
    }
    nextPosition = h.end();
    return null;
  }

  /**
   * A TABLE_MAP's body fields; the instance decoded before when the table id, flags and names are
   * byte for byte the same (every transaction repeats its TABLE_MAPs, and decoding the names was a
   * tenth of the verify time).
   */
  private EventBody tableMap(EventHeader h, ByteBuffer bytes) {
    int at = bytes.position();
    int length = bytes.remaining();
    int namesEnd = 9 + (length > 8 ? bytes.get(at + 8) & 0xff : 0) + 1;
    namesEnd += 1 + (length > namesEnd ? bytes.get(at + namesEnd) & 0xff : 0) + 1;
    if (namesEnd > length) {
      return EventDecoder.decode(name, h, bytes, checksumAlg);
    }
    long tableId =
        Integer.toUnsignedLong(bytes.getInt(at)) | (long) (bytes.getShort(at + 4) & 0xffff) << 32;
    CachedTableMap cached = tableMapBodies.get(tableId);
    if (cached != null && sameBytes(bytes, at, cached.key)) {
      return cached.body;
    }
    byte[] key = new byte[namesEnd];
    bytes.get(at, key);
    EventBody body = EventDecoder.decode(name, h, bytes, checksumAlg);
    if (tableMapBodies.size() >= MAX_TABLE_MAPS) {
      tableMapBodies.clear();
    }
    tableMapBodies.put(tableId, new CachedTableMap(key, body));
    return body;
  }

  private record CachedTableMap(byte[] key, EventBody body) {}

  /**
   * A TRANSACTION_PAYLOAD's inner events, read from the whole body (at most {@link #MAX_ROWS_EVENT}
   * bytes; a larger one is reported as damage of its body).
   */
  private EventBody transactionPayload(EventHeader h, long fullBody) throws IOException {
    if (fullBody > MAX_ROWS_EVENT) {
      throw new BinlogFormatException(
          name,
          h.offset(),
          "TRANSACTION_PAYLOAD body of "
              + fullBody
              + " bytes exceeds the "
              + MAX_ROWS_EVENT
              + "-byte decoding limit");
    }
    return TransactionPayloadDecoder.decode(
        name, h, wholeBody(h.offset() + EventHeader.LENGTH, (int) fullBody));
  }

  /** Whether the bytes at {@code at} are {@code key}, compared in place (no copy per event). */
  private static boolean sameBytes(ByteBuffer bytes, int at, byte[] key) {
    if (bytes.limit() - at < key.length) {
      return false;
    }
    for (int i = 0; i < key.length; i++) {
      if (bytes.get(at + i) != key[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Decodes the values of a valid TABLE_MAP or rows event for a {@link RowsVisitor}; never throws
   * past it.
   */
  private void decodeRows(EventHeader h, long fullBody, RowsVisitor visitor) throws IOException {
    boolean tableMap = h.type() == EventTypes.TABLE_MAP;
    if (!tableMap && !RowsDecoder.handles(h.type())) {
      return;
    }
    if (fullBody > MAX_ROWS_EVENT) {
      visitor.rowsFailure(
          new RowsFailure(
              name,
              h.offset(),
              h.type(),
              -1,
              "body of "
                  + fullBody
                  + " bytes exceeds the "
                  + MAX_ROWS_EVENT
                  + "-byte row decoding limit"));
      return;
    }
    ByteBuffer body = wholeBody(h.offset() + EventHeader.LENGTH, (int) fullBody);
    long tableId = fullBody >= 6 ? RowsDecoder.tableId(body) : -1;
    try {
      if (tableMap) {
        tables.remove(tableId);
        TableDefinition table = TableMapDecoder.decode(body);
        tables.put(table.tableId(), table);
        return;
      }
      TableDefinition table = tables.get(tableId);
      if (table == null) {
        if (tableId != DUMMY_TABLE_ID) {
          visitor.rowsFailure(
              new RowsFailure(
                  name,
                  h.offset(),
                  h.type(),
                  tableId,
                  "no TABLE_MAP for table id "
                      + tableId
                      + " earlier in this file (reading began inside its transaction?)"));
        }
        return;
      }
      visitor.rows(RowsDecoder.decode(h.offset(), h.type(), body, table));
    } catch (DecodeException e) {
      visitor.rowsFailure(new RowsFailure(name, h.offset(), h.type(), tableId, e.getMessage()));
    } catch (RuntimeException e) {
      // A decoder defect must not end the walk: the event is valid, only its values are not read.
      visitor.rowsFailure(
          new RowsFailure(name, h.offset(), h.type(), tableId, "values not decodable: " + e));
    }
  }

  private ByteBuffer wholeBody(long position, int n) throws IOException {
    if (n <= window.capacity()) {
      return slice(position, n);
    }
    ByteBuffer big = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    readFully(big, position);
    return big.flip();
  }

  private @Nullable Damage damage(
      Damage.Kind kind,
      long offset,
      int type,
      String reason,
      @Nullable Long stored,
      @Nullable Long computed,
      boolean resync)
      throws IOException {
    Long next = resync ? resync(offset + 1) : null;
    return new Damage(kind, offset, type, reason, stored, computed, next);
  }

  /**
   * The first offset at or after {@code from} where a valid event starts: {@code event_size} in
   * bounds, {@code log_pos == offset + event_size}, a known type and, in CRC32 files, a matching
   * CRC.
   */
  private @Nullable Long resync(long from) throws IOException {
    int trailer = checksumAlg == CHECKSUM_CRC32 ? TRAILER : 0;
    for (long base = from;
        base + EventHeader.LENGTH <= length;
        base += CHUNK - EventHeader.LENGTH) {
      scan.clear().limit((int) Math.min(CHUNK, length - base));
      readFully(scan, base);
      ByteBuffer w = scan.flip();
      int limit = w.limit() - EventHeader.LENGTH;
      for (int i = 0; i <= limit; i++) {
        long candidate = base + i;
        long size = Integer.toUnsignedLong(w.getInt(i + 9));
        long logPos = Integer.toUnsignedLong(w.getInt(i + 13));
        int type = w.get(i + 4) & 0xff;
        if (size >= EventHeader.LENGTH + trailer
            && logPos == candidate + size
            && logPos <= length
            && EventTypes.isKnown(type)
            && type != EventTypes.FORMAT_DESCRIPTION
            && crcMatches(candidate, size, trailer)) {
          return candidate;
        }
      }
      if (base + w.limit() >= length) {
        break;
      }
    }
    return null;
  }

  private boolean crcMatches(long offset, long size, int trailer) throws IOException {
    if (trailer == 0) {
      return true;
    }
    return storedCrc(offset + size) == crc(offset, size - TRAILER, false);
  }

  private long storedCrc(long eventEnd) throws IOException {
    return Integer.toUnsignedLong(window.getInt(ensure(eventEnd - TRAILER, TRAILER)));
  }

  /** CRC32 of {@code count} bytes at {@code offset}, straight from the window (no copy). */
  private long crc(long offset, long count, boolean clearInUseFlag) throws IOException {
    crc.reset();
    long done = 0;
    while (done < count) {
      int n = (int) Math.min(window.capacity(), count - done);
      int at = ensure(offset + done, n);
      if (clearInUseFlag && done == 0) {
        byte flags = window.get(at + 17);
        window.put(at + 17, (byte) (flags & ~EventHeader.FLAG_IN_USE));
        crc.update(slice(at, n));
        window.put(at + 17, flags);
      } else {
        crc.update(slice(at, n));
      }
      done += n;
    }
    return crc.getValue();
  }

  private EventHeader header(long position) throws IOException {
    int at = ensure(position, EventHeader.LENGTH);
    ByteBuffer b = window;
    return new EventHeader(
        position,
        Integer.toUnsignedLong(b.getInt(at)),
        b.get(at + 4) & 0xff,
        Integer.toUnsignedLong(b.getInt(at + 5)),
        Integer.toUnsignedLong(b.getInt(at + 9)),
        Integer.toUnsignedLong(b.getInt(at + 13)),
        b.getShort(at + 17) & 0xffff);
  }

  /** Whether a FORMAT_DESCRIPTION with a matching CRC32 (in-use flag cleared) starts at 4. */
  private boolean formatDescriptionAt4() throws IOException {
    long at = MAGIC.length;
    if (length - at < EventHeader.LENGTH + TRAILER) {
      return false;
    }
    EventHeader h = header(at);
    return h.type() == EventTypes.FORMAT_DESCRIPTION
        && h.size() >= EventHeader.LENGTH + TRAILER
        && h.size() <= length - at
        && h.size() <= window.capacity()
        && storedCrc(h.end()) == crc(at, h.size() - TRAILER, true);
  }

  private boolean hasMagic() throws IOException {
    int at = ensure(0, MAGIC.length);
    for (int i = 0; i < MAGIC.length; i++) {
      if (window.get(at + i) != MAGIC[i]) {
        return false;
      }
    }
    return true;
  }

  private int byteAt(long position) throws IOException {
    return window.get(ensure(position, 1)) & 0xff;
  }

  /** The window positioned on {@code n <= WINDOW} bytes of the file at {@code position}. */
  private ByteBuffer slice(long position, int n) throws IOException {
    return slice(ensure(position, n), n);
  }

  private ByteBuffer slice(int at, int n) {
    window.clear();
    window.position(at).limit(at + n);
    return window;
  }

  /**
   * Makes the {@code n <= WINDOW} bytes at {@code position} available in the window and returns
   * their index there; refills the window from {@code position} when they are not all in it. Leaves
   * the window cleared, so absolute reads at the returned index are in bounds.
   */
  private int ensure(long position, int n) throws IOException {
    if (position >= windowStart && position + n <= windowStart + windowLength) {
      window.clear();
      return (int) (position - windowStart);
    }
    int want = (int) Math.min(window.capacity(), length - position);
    if (want < n) {
      throw new IOException(
          "unexpected end of " + name + ": " + n + " bytes wanted at offset " + position);
    }
    window.clear().limit(want);
    windowLength = 0;
    readFully(window, position);
    windowStart = position;
    windowLength = want;
    window.clear();
    return 0;
  }

  private void readFully(ByteBuffer buffer, long position) throws IOException {
    int start = buffer.position();
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, position + buffer.position() - start) < 0) {
        throw new IOException(
            "unexpected end of " + name + " at offset " + (position + buffer.position() - start));
      }
    }
  }
}
