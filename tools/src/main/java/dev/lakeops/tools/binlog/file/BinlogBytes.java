package dev.lakeops.tools.binlog.file;

import java.nio.ByteBuffer;
import java.util.BitSet;

/**
 * Reads binlog field encodings from a little-endian buffer; every read checks the bytes are there.
 */
final class BinlogBytes {

  private BinlogBytes() {}

  static void need(ByteBuffer b, long n, String what) {
    if (n < 0 || n > b.remaining()) {
      throw new DecodeException(
          what + " needs " + n + " bytes, " + b.remaining() + " left in the body");
    }
  }

  static int u8(ByteBuffer b) {
    need(b, 1, "a 1-byte field");
    return b.get() & 0xff;
  }

  static int u16(ByteBuffer b) {
    need(b, 2, "a 2-byte field");
    return b.getShort() & 0xffff;
  }

  static long u48(ByteBuffer b) {
    need(b, 6, "a 6-byte field");
    long low = Integer.toUnsignedLong(b.getInt());
    return low | ((long) (b.getShort() & 0xffff) << 32);
  }

  /** An unsigned little-endian integer of {@code n <= 8} bytes. */
  static long littleEndian(ByteBuffer b, int n) {
    need(b, n, "a " + n + "-byte integer");
    long v = 0;
    for (int i = 0; i < n; i++) {
      v |= (long) (b.get() & 0xff) << (8 * i);
    }
    return v;
  }

  /**
   * An unsigned big-endian integer of {@code n <= 8} bytes (the temporal and decimal encodings).
   */
  static long bigEndian(ByteBuffer b, int n) {
    need(b, n, "a " + n + "-byte integer");
    long v = 0;
    for (int i = 0; i < n; i++) {
      v = (v << 8) | (b.get() & 0xff);
    }
    return v;
  }

  /** A length-encoded integer (MySQL {@code net_field_length}); 0xfb (NULL) is rejected. */
  static long packed(ByteBuffer b) {
    int first = u8(b);
    if (first < 0xfb) {
      return first;
    }
    return switch (first) {
      case 0xfc -> littleEndian(b, 2);
      case 0xfd -> littleEndian(b, 3);
      case 0xfe -> {
        long v = littleEndian(b, 8);
        DecodeException.check(
            v >= 0, "length-encoded integer " + Long.toUnsignedString(v) + " is out of range");
        yield v;
      }
      default ->
          throw new DecodeException(
              "invalid length-encoded integer prefix 0x" + Integer.toHexString(first));
    };
  }

  /** A length-encoded integer that must lie in {@code [0, max]}. */
  static int packedInt(ByteBuffer b, long max, String what) {
    long v = packed(b);
    DecodeException.check(v <= max, what + " " + v + " exceeds " + max);
    return (int) v;
  }

  static byte[] bytes(ByteBuffer b, long n) {
    need(b, n, "a " + n + "-byte value");
    byte[] out = new byte[(int) n];
    b.get(out);
    return out;
  }

  /**
   * A bitmap of {@code bits} bits, least significant bit of each byte first (row images, column
   * bitmaps).
   */
  static BitSet bitmap(ByteBuffer b, int bits) {
    return BitSet.valueOf(bytes(b, (bits + 7L) / 8)).get(0, bits);
  }

  /** A bitmap of {@code bits} bits, most significant bit of each byte first (optional metadata). */
  static BitSet bitmapMsbFirst(byte[] bytes, int bits) {
    BitSet set = new BitSet(bits);
    for (int i = 0; i < bits && i / 8 < bytes.length; i++) {
      if ((bytes[i / 8] & (0x80 >>> (i % 8))) != 0) {
        set.set(i);
      }
    }
    return set;
  }
}
