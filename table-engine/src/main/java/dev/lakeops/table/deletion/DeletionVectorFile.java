package dev.lakeops.table.deletion;

import dev.lakeops.table.io.FileIO;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reads one data file's vector out of a Paimon deletion-vector index file ({@code paimon-format.md}
 * §9.2; source: Paimon {@code DeletionVectorsIndexFile}, {@code BitmapDeletionVector}, {@code
 * Bitmap64DeletionVector}).
 *
 * <p>The file is one version byte ({@code 1}), then one frame per data file at the offset the index
 * manifest records: {@code int32 BE size}, {@code size} bytes, {@code int32 BE CRC32} of those
 * bytes. The bytes start with a magic number that tells the layout:
 *
 * <ul>
 *   <li>{@code 1581511376} (big-endian): a 32-bit RoaringBitmap in the portable serialization
 *       follows; the manifest's range length is {@code size};
 *   <li>{@code 1681511377} (little-endian, {@code deletion-vectors.bitmap64}): a little-endian
 *       {@code int64} bitmap count follows, then per bitmap a little-endian {@code int32} key (the
 *       high 32 bits of the positions, ascending) and a portable 32-bit RoaringBitmap of the low
 *       bits (Iceberg's layout); the range length is the whole frame, {@code size + 8}.
 * </ul>
 *
 * The checksum is verified, which Paimon's reader does not do.
 */
public final class DeletionVectorFile {

  public static final byte VERSION = 1;
  public static final int MAGIC_32 = 1581511376;
  public static final int MAGIC_64 = 1681511377;

  private DeletionVectorFile() {}

  /**
   * The vector {@code file} points at.
   *
   * @throws CorruptDeletionVectorException the index file or the slice does not decode; names the
   *     index file, the offset and the data file
   * @throws UncheckedIOException the index file cannot be read (for example it is missing)
   */
  public static DeletionVector read(FileIO io, DeletionFile file) {
    Path path = file.indexFile();
    int offset = file.range().offset();
    if (offset < 1) {
      throw corrupt(file, offset, "offset " + offset + " points into the version byte", null);
    }
    byte[] frame;
    try (InputStream in = io.open(path)) {
      int version = in.read();
      if (version != VERSION) {
        throw corrupt(
            file,
            0,
            version < 0
                ? "empty file, expected the version byte " + VERSION
                : "unsupported version " + version + ", expected " + VERSION,
            null);
      }
      in.skipNBytes(offset - 1L);
      byte[] header = in.readNBytes(4);
      if (header.length < 4) {
        throw corrupt(file, offset, "truncated: the file ends before the frame size", null);
      }
      int size = ByteBuffer.wrap(header).getInt();
      if (size < 4 || size > file.range().length() + 8L) {
        throw corrupt(
            file,
            offset,
            "invalid frame size " + size + " for a range of length " + file.range().length(),
            null);
      }
      byte[] rest = in.readNBytes(size + 4);
      if (rest.length < size + 4) {
        throw corrupt(
            file,
            offset,
            "truncated: frame of "
                + size
                + " bytes plus checksum, but only "
                + rest.length
                + " bytes follow the size",
            null);
      }
      frame = rest;
    } catch (EOFException e) {
      throw corrupt(file, offset, "truncated: the file ends before the offset", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read deletion vector file " + path, e);
    }
    return decode(file, frame);
  }

  /** {@code frame} = the {@code size} bytes after the size field, then the 4-byte checksum. */
  private static DeletionVector decode(DeletionFile file, byte[] frame) {
    int offset = file.range().offset();
    int size = frame.length - 4;
    ByteBuffer buffer = ByteBuffer.wrap(frame);
    int magic = buffer.getInt(0);
    int crc = buffer.getInt(size);
    CRC32 actual = new CRC32();
    actual.update(frame, 0, size);
    if ((int) actual.getValue() != crc) {
      throw corrupt(
          file,
          offset,
          "checksum mismatch: stored "
              + Integer.toUnsignedString(crc)
              + ", computed "
              + actual.getValue(),
          null);
    }
    if (magic == MAGIC_32) {
      if (file.range().length() != size) {
        throw corrupt(
            file,
            offset,
            "frame size " + size + " differs from the range length " + file.range().length(),
            null);
      }
      return checked(
          file,
          DeletionVector.of32(bitmap(file, ByteBuffer.wrap(frame, 4, size - 4).slice(), size - 4)));
    }
    if (Integer.reverseBytes(magic) == MAGIC_64) {
      if (file.range().length() != size + 8) {
        throw corrupt(
            file,
            offset,
            "frame size " + size + " + 8 differs from the range length " + file.range().length(),
            null);
      }
      return checked(
          file,
          decode64(
              file, ByteBuffer.wrap(frame, 4, size - 4).slice().order(ByteOrder.LITTLE_ENDIAN)));
    }
    throw corrupt(
        file,
        offset,
        "invalid magic number "
            + magic
            + " (expected "
            + MAGIC_32
            + ", or "
            + MAGIC_64
            + " little-endian)",
        null);
  }

  private static DeletionVector decode64(DeletionFile file, ByteBuffer data) {
    int offset = file.range().offset();
    if (data.remaining() < 8) {
      throw corrupt(file, offset, "truncated 64-bit bitmap: no bitmap count", null);
    }
    long count = data.getLong();
    // each bitmap takes at least a 4-byte key and an 8-byte header
    if (count < 0 || count > data.remaining() / 12) {
      throw corrupt(file, offset, "invalid bitmap count " + count, null);
    }
    int[] keys = new int[(int) count];
    RoaringBitmap[] bitmaps = new RoaringBitmap[(int) count];
    for (int i = 0; i < count; i++) {
      if (data.remaining() < 4) {
        throw corrupt(file, offset, "truncated 64-bit bitmap: no key for bitmap " + i, null);
      }
      keys[i] = data.getInt();
      if (keys[i] < 0 || (i > 0 && keys[i] <= keys[i - 1])) {
        throw corrupt(
            file,
            offset,
            "invalid key "
                + Integer.toUnsignedString(keys[i])
                + " of bitmap "
                + i
                + " (keys must be non-negative and ascending)",
            null);
      }
      bitmaps[i] = bitmap(file, data.slice(), -1);
      data.position(data.position() + bitmaps[i].serializedSizeInBytes());
    }
    if (data.hasRemaining()) {
      throw corrupt(file, offset, data.remaining() + " bytes follow the last bitmap", null);
    }
    return DeletionVector.of64(keys, bitmaps);
  }

  /**
   * Parses a portable 32-bit RoaringBitmap at the start of {@code bytes} with the {@code
   * org.roaringbitmap} library; {@code expectedSize} is its exact length, or -1 when more bytes may
   * follow.
   */
  private static RoaringBitmap bitmap(DeletionFile file, ByteBuffer bytes, int expectedSize) {
    RoaringBitmap bitmap = new RoaringBitmap();
    try {
      bitmap.deserialize(bytes);
    } catch (IOException | RuntimeException e) {
      throw corrupt(file, file.range().offset(), "the bitmap does not parse: " + e, e);
    }
    int used = bitmap.serializedSizeInBytes();
    if (used > bytes.remaining() || (expectedSize >= 0 && used != expectedSize)) {
      throw corrupt(
          file,
          file.range().offset(),
          "the bitmap takes " + used + " bytes of " + bytes.remaining(),
          null);
    }
    return bitmap;
  }

  private static DeletionVector checked(DeletionFile file, DeletionVector vector) {
    Long expected = file.range().cardinality();
    if (expected != null && expected != vector.cardinality()) {
      throw corrupt(
          file,
          file.range().offset(),
          "the index manifest records "
              + expected
              + " deleted rows, the bitmap holds "
              + vector.cardinality(),
          null);
    }
    return vector;
  }

  private static CorruptDeletionVectorException corrupt(
      DeletionFile file, long offset, String reason, @Nullable Throwable cause) {
    return new CorruptDeletionVectorException(
        file.indexFile(), offset, file.dataFileName(), reason, cause);
  }
}
