package dev.lakeops.tools.binlog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;

/**
 * Walks a binlog v4 file event by event and checks each one (binlog.md §7): header bounds,
 * {@code log_pos}, CRC32 (the FDE's with the in-use flag cleared) and the decodable body fields.
 * After damage it scans forward for the next valid event and carries on from there.
 *
 * <p>Memory is bounded whatever the file holds: CRCs are computed in {@link #CHUNK}-byte pieces and
 * at most {@link #DECODE_LIMIT} bytes of a body are decoded.
 */
public final class BinlogReader {

  static final int CHUNK = 64 * 1024;
  static final int DECODE_LIMIT = 64 * 1024;
  static final int CHECKSUM_NONE = 0;
  static final int CHECKSUM_CRC32 = 1;
  private static final int TRAILER = 4;
  private static final byte[] MAGIC = {(byte) 0xfe, 'b', 'i', 'n'};

  private final String name;
  private final FileChannel channel;
  private final long length;
  private final ByteBuffer chunk = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
  private final ByteBuffer scan = ByteBuffer.allocate(CHUNK).order(ByteOrder.LITTLE_ENDIAN);
  private final CRC32 crc = new CRC32();
  private int checksumAlg = CHECKSUM_CRC32;

  private BinlogReader(String name, FileChannel channel, long length) {
    this.name = name;
    this.channel = channel;
    this.length = length;
  }

  /**
   * Reads {@code file} and reports every valid event and every damage to {@code visitor}.
   *
   * @throws UncheckedIOException the file cannot be opened or read
   */
  public static void read(Path file, BinlogVisitor visitor) {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      new BinlogReader(file.toString(), channel, channel.size()).walk(visitor);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read binlog " + file, e);
    }
  }

  private void walk(BinlogVisitor visitor) throws IOException {
    visitor.start(name, length);
    if (length < MAGIC.length || !hasMagic()) {
      visitor.damage(new Damage(Damage.Kind.BAD_MAGIC, 0, -1,
          "file does not start with the binlog magic FE 62 69 6E (" + length + " bytes)", null, null, null));
      visitor.end(checksumAlg);
      return;
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
        position = header(position).end();
      }
      first = false;
    }
    visitor.end(checksumAlg);
  }

  /** Checks the event at {@code position}; reports it to the visitor when valid, else returns the damage. */
  private Damage check(long position, boolean first, BinlogVisitor visitor) throws IOException {
    long remaining = length - position;
    if (remaining < EventHeader.LENGTH) {
      return damage(Damage.Kind.TRUNCATED, position, -1,
          "file ends " + remaining + " bytes into an event header (19 bytes)", null, null, false);
    }
    EventHeader h = header(position);
    boolean fde = h.type() == EventTypes.FORMAT_DESCRIPTION;
    int trailer = fde || checksumAlg == CHECKSUM_CRC32 ? TRAILER : 0;
    if (h.size() < EventHeader.LENGTH + trailer) {
      return damage(Damage.Kind.HEADER_INVALID, position, h.type(),
          "event_size " + h.size() + " is below the minimum " + (EventHeader.LENGTH + trailer), null, null, true);
    }
    if (h.size() > remaining) {
      Damage.Kind kind = h.logPos() == h.end() ? Damage.Kind.TRUNCATED : Damage.Kind.HEADER_INVALID;
      return damage(kind, position, h.type(),
          "event_size " + h.size() + " runs past the end of the file (" + remaining + " bytes left)", null, null,
          kind == Damage.Kind.HEADER_INVALID);
    }
    if (first && !fde) {
      return damage(Damage.Kind.HEADER_INVALID, position, h.type(),
          "first event is " + h.typeName() + ", expected FORMAT_DESCRIPTION", null, null, true);
    }
    int alg = checksumAlg;
    if (fde) {
      alg = byteAt(h.end() - TRAILER - 1);
      checksumAlg = alg == CHECKSUM_NONE ? CHECKSUM_NONE : CHECKSUM_CRC32;
    }
    if (trailer > 0) {
      long stored = Integer.toUnsignedLong(read(h.end() - TRAILER, TRAILER).getInt());
      long computed = crc(position, h.size() - TRAILER, fde);
      if (stored != computed) {
        return damage(Damage.Kind.CRC_MISMATCH, position, h.type(),
            String.format("stored CRC32 0x%08x, computed 0x%08x", stored, computed), stored, computed, true);
      }
    } else if (!h.logPosConsistent()) {
      return damage(Damage.Kind.HEADER_INVALID, position, h.type(),
          "log_pos " + h.logPos() + " != offset + event_size " + h.end(), null, null, true);
    }
    if (fde && alg != CHECKSUM_NONE && alg != CHECKSUM_CRC32) {
      return damage(Damage.Kind.BODY_INVALID, position, h.type(), "unknown checksum_alg " + alg, null, null, true);
    }
    int bodyLength = (int) Math.min(h.size() - EventHeader.LENGTH - trailer, DECODE_LIMIT);
    try {
      EventBody body = EventDecoder.decode(name, h, read(position + EventHeader.LENGTH, bodyLength), checksumAlg);
      visitor.event(new BinlogEvent(h, body));
      return null;
    } catch (BinlogFormatException e) {
      return damage(Damage.Kind.BODY_INVALID, position, h.type(), e.getMessage(), null, null, true);
    }
  }

  private Damage damage(Damage.Kind kind, long offset, int type, String reason, Long stored, Long computed, boolean resync)
      throws IOException {
    Long next = resync ? resync(offset + 1) : null;
    return new Damage(kind, offset, type, reason, stored, computed, next);
  }

  /**
   * The first offset at or after {@code from} where a valid event starts: {@code event_size} in
   * bounds, {@code log_pos == offset + event_size}, a known type and, in CRC32 files, a matching CRC.
   */
  private Long resync(long from) throws IOException {
    int trailer = checksumAlg == CHECKSUM_CRC32 ? TRAILER : 0;
    for (long base = from; base + EventHeader.LENGTH <= length; base += CHUNK - EventHeader.LENGTH) {
      ByteBuffer window = fill(scan, base, (int) Math.min(CHUNK, length - base));
      int limit = window.limit() - EventHeader.LENGTH;
      for (int i = 0; i <= limit; i++) {
        long candidate = base + i;
        long size = Integer.toUnsignedLong(window.getInt(i + 9));
        long logPos = Integer.toUnsignedLong(window.getInt(i + 13));
        int type = window.get(i + 4) & 0xff;
        if (size >= EventHeader.LENGTH + trailer && logPos == candidate + size && logPos <= length
            && EventTypes.isKnown(type) && type != EventTypes.FORMAT_DESCRIPTION && crcMatches(candidate, size, trailer)) {
          return candidate;
        }
      }
      if (base + window.limit() >= length) {
        break;
      }
    }
    return null;
  }

  private boolean crcMatches(long offset, long size, int trailer) throws IOException {
    if (trailer == 0) {
      return true;
    }
    long stored = Integer.toUnsignedLong(read(offset + size - TRAILER, TRAILER).getInt());
    return stored == crc(offset, size - TRAILER, false);
  }

  private long crc(long offset, long count, boolean clearInUseFlag) throws IOException {
    crc.reset();
    long done = 0;
    while (done < count) {
      int n = (int) Math.min(CHUNK, count - done);
      ByteBuffer piece = read(offset + done, n);
      if (clearInUseFlag && done == 0) {
        byte[] head = new byte[n];
        piece.get(head);
        head[17] &= (byte) ~EventHeader.FLAG_IN_USE;
        crc.update(head);
      } else {
        crc.update(piece);
      }
      done += n;
    }
    return crc.getValue();
  }

  private EventHeader header(long position) throws IOException {
    ByteBuffer b = read(position, EventHeader.LENGTH);
    return new EventHeader(position, Integer.toUnsignedLong(b.getInt()), b.get() & 0xff,
        Integer.toUnsignedLong(b.getInt()), Integer.toUnsignedLong(b.getInt()), Integer.toUnsignedLong(b.getInt()),
        b.getShort() & 0xffff);
  }

  private boolean hasMagic() throws IOException {
    ByteBuffer b = read(0, MAGIC.length);
    for (byte m : MAGIC) {
      if (b.get() != m) {
        return false;
      }
    }
    return true;
  }

  private int byteAt(long position) throws IOException {
    return read(position, 1).get() & 0xff;
  }

  /** Reads exactly {@code n <= CHUNK} bytes at {@code position} into the shared buffer, flipped for reading. */
  private ByteBuffer read(long position, int n) throws IOException {
    return fill(chunk, position, n);
  }

  private ByteBuffer fill(ByteBuffer buffer, long position, int n) throws IOException {
    buffer.clear().limit(n);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer, position + buffer.position()) < 0) {
        throw new IOException("unexpected end of " + name + " at offset " + (position + buffer.position()));
      }
    }
    return buffer.flip();
  }
}
