package dev.lakeops.table.meta;

import dev.lakeops.table.data.RowKind;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The bytes of one Paimon {@code BinaryRow} and its arity, compared by content: partitions, keys
 * and statistics in manifests. Paimon groups partitions by byte equality, so equal rows must have
 * equal bytes; {@link BinaryRowCodec} makes canonical ones.
 *
 * <pre>
 * | header: row kind byte + null bits, ((arity + 63 + 8) / 64) * 8 bytes | 8-byte slot per field | variable part |
 * </pre>
 *
 * In manifests a row is stored with a 4-byte big-endian arity prefix ({@link #toSerialized()}).
 */
public final class BinaryRow {

  /**
   * The row with no fields: 8 zero bytes (append tables' keys, unpartitioned tables' partition).
   */
  public static final BinaryRow EMPTY = new BinaryRow(0, new byte[8]);

  private final int arity;
  private final byte[] bytes;

  private BinaryRow(int arity, byte[] bytes) {
    this.arity = arity;
    this.bytes = bytes;
  }

  /**
   * Wraps the raw row bytes (without the arity prefix).
   *
   * @throws MalformedBinaryRowException the bytes are too short for the header and slots
   */
  public static BinaryRow of(int arity, byte[] bytes) {
    if (arity < 0) {
      throw new MalformedBinaryRowException(
          "Invalid BinaryRow arity: " + arity + " (must be >= 0)");
    }
    long fixed = fixedPartSize(arity);
    if (bytes.length < fixed) {
      throw new MalformedBinaryRowException(
          "Invalid BinaryRow of arity "
              + arity
              + ": "
              + bytes.length
              + " bytes, shorter than its fixed part of "
              + fixed
              + " bytes");
    }
    return new BinaryRow(arity, bytes.clone());
  }

  /** Wraps bytes that the caller will not change again. */
  static BinaryRow wrap(int arity, byte[] bytes) {
    return new BinaryRow(arity, bytes);
  }

  /**
   * Decodes the manifest form: 4-byte big-endian arity, then the row bytes (source: Paimon {@code
   * SerializationUtils.deserializeBinaryRow}).
   *
   * @throws MalformedBinaryRowException too short, or a negative arity
   */
  public static BinaryRow fromSerialized(byte[] serialized) {
    if (serialized.length < 4) {
      throw new MalformedBinaryRowException(
          "Invalid serialized BinaryRow: "
              + serialized.length
              + " bytes, shorter than the 4-byte arity");
    }
    int arity = ByteBuffer.wrap(serialized).order(ByteOrder.BIG_ENDIAN).getInt();
    if (arity < 0 || arity > (serialized.length - 4) / 8) {
      throw new MalformedBinaryRowException(
          "Invalid serialized BinaryRow: arity " + arity + " in " + serialized.length + " bytes");
    }
    return of(arity, Arrays.copyOfRange(serialized, 4, serialized.length));
  }

  /** The manifest form: 4-byte big-endian arity, then the row bytes. */
  public byte[] toSerialized() {
    return ByteBuffer.allocate(4 + bytes.length)
        .order(ByteOrder.BIG_ENDIAN)
        .putInt(arity)
        .put(bytes)
        .array();
  }

  /** Header size: the row kind byte and one null bit per field, rounded up to 8-byte words. */
  public static int headerSize(int arity) {
    return ((arity + 63 + 8) / 64) * 8;
  }

  static long fixedPartSize(int arity) {
    return headerSize(arity) + 8L * arity;
  }

  public int arity() {
    return arity;
  }

  public int sizeInBytes() {
    return bytes.length;
  }

  /** A copy of the row bytes (without arity prefix). */
  public byte[] bytes() {
    return bytes.clone();
  }

  byte[] unsafeBytes() {
    return bytes;
  }

  /**
   * @throws MalformedBinaryRowException the kind byte is not 0..3
   */
  public RowKind kind() {
    try {
      return RowKind.fromByteValue(bytes[0]);
    } catch (IllegalArgumentException e) {
      throw new MalformedBinaryRowException(
          "Invalid BinaryRow: row kind byte " + bytes[0] + " (must be 0..3)");
    }
  }

  public boolean isNullAt(int pos) {
    if (pos < 0 || pos >= arity) {
      throw new IndexOutOfBoundsException("Invalid field index: " + pos + " (arity " + arity + ")");
    }
    int bit = pos + 8;
    return (bytes[bit >>> 3] & (1 << (bit & 7))) != 0;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BinaryRow other
        && arity == other.arity
        && Arrays.equals(bytes, other.bytes);
  }

  @Override
  public int hashCode() {
    return 31 * arity + Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return "BinaryRow[arity=" + arity + ", " + HexFormat.of().formatHex(bytes) + "]";
  }
}
