package dev.lakeops.table.format.avro;

import java.nio.charset.StandardCharsets;

/**
 * Avro's binary encoding over one decompressed block, checking every length against the bytes that
 * remain, so corrupt input fails with {@link AvroDecodeException} instead of a huge allocation or
 * an index error (Avro spec, "Binary Encoding").
 */
final class AvroBinaryInput {

  private final byte[] buf;
  private int pos;
  private final int limit;

  AvroBinaryInput(byte[] buf, int offset, int length) {
    this.buf = buf;
    this.pos = offset;
    this.limit = offset + length;
  }

  int position() {
    return pos;
  }

  int remaining() {
    return limit - pos;
  }

  /** A zig-zag varint of at most 10 bytes. */
  long readLong() {
    long raw = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= limit) {
        throw new AvroDecodeException("varint runs past the end of the block at " + pos);
      }
      byte b = buf[pos++];
      raw |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        return (raw >>> 1) ^ -(raw & 1);
      }
    }
    throw new AvroDecodeException("varint longer than 10 bytes at " + pos);
  }

  int readInt() {
    long value = readLong();
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw new AvroDecodeException("int out of range: " + value + " at " + pos);
    }
    return (int) value;
  }

  boolean readBoolean() {
    require(1);
    byte b = buf[pos++];
    if (b != 0 && b != 1) {
      throw new AvroDecodeException("invalid boolean byte " + b + " at " + (pos - 1));
    }
    return b == 1;
  }

  float readFloat() {
    return Float.intBitsToFloat(readFixedInt());
  }

  double readDouble() {
    long low = readFixedInt() & 0xffffffffL;
    long high = readFixedInt() & 0xffffffffL;
    return Double.longBitsToDouble((high << 32) | low);
  }

  byte[] readBytes() {
    int length = readLength();
    byte[] bytes = new byte[length];
    System.arraycopy(buf, pos, bytes, 0, length);
    pos += length;
    return bytes;
  }

  byte[] readFixed(int size) {
    require(size);
    byte[] bytes = new byte[size];
    System.arraycopy(buf, pos, bytes, 0, size);
    pos += size;
    return bytes;
  }

  String readString() {
    int length = readLength();
    String s = new String(buf, pos, length, StandardCharsets.UTF_8);
    pos += length;
    return s;
  }

  /** The union branch index, checked against the number of branches. */
  int readIndex(int branches) {
    long index = readLong();
    if (index < 0 || index >= branches) {
      throw new AvroDecodeException("union branch " + index + " of " + branches + " at " + pos);
    }
    return (int) index;
  }

  /**
   * The item count of the next block of an array or map (0 ends it). A negative count is followed
   * by the block's byte size, which is checked and ignored. Every item takes at least one byte, so
   * a count above the remaining bytes is corrupt.
   */
  int readBlockCount() {
    long count = readLong();
    if (count < 0) {
      if (count == Long.MIN_VALUE) {
        throw new AvroDecodeException("invalid block count at " + pos);
      }
      count = -count;
      long size = readLong();
      if (size < 0 || size > remaining()) {
        throw new AvroDecodeException("invalid block size " + size + " at " + pos);
      }
    }
    if (count > remaining()) {
      throw new AvroDecodeException(
          "block of " + count + " items exceeds the " + remaining() + " bytes left at " + pos);
    }
    return (int) count;
  }

  void skip(long bytes) {
    if (bytes < 0 || bytes > remaining()) {
      throw new AvroDecodeException(
          "cannot skip " + bytes + " bytes at " + pos + " (" + remaining() + " left)");
    }
    pos += (int) bytes;
  }

  void skipBytes() {
    skip(readLength());
  }

  private int readLength() {
    long length = readLong();
    if (length < 0 || length > remaining()) {
      throw new AvroDecodeException(
          "invalid length " + length + " at " + pos + " (" + remaining() + " bytes left)");
    }
    return (int) length;
  }

  private int readFixedInt() {
    require(4);
    int value =
        (buf[pos] & 0xff)
            | (buf[pos + 1] & 0xff) << 8
            | (buf[pos + 2] & 0xff) << 16
            | (buf[pos + 3] & 0xff) << 24;
    pos += 4;
    return value;
  }

  private void require(int n) {
    if (n > remaining()) {
      throw new AvroDecodeException(
          "needs " + n + " bytes at " + pos + ", " + remaining() + " left");
    }
  }
}
