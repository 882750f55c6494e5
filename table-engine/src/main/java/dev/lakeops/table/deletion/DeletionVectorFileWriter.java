package dev.lakeops.table.deletion;

import dev.lakeops.table.meta.DeletionVectorRange;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.roaringbitmap.RoaringBitmap;

/**
 * Serializes the deletion vectors of one bucket into one Paimon deletion-vector index file, the
 * layout {@link DeletionVectorFile} reads ({@code paimon-format.md} §9.2; source: Paimon {@code
 * DeletionFileWriter}, {@code BitmapDeletionVector.serializeTo}, {@code
 * Bitmap64DeletionVector.serializeTo}).
 *
 * <p>The 32-bit layout records the range length as the payload size; the 64-bit layout as the whole
 * frame (size field, payload and checksum), run-length encoded first, as Paimon does.
 */
public final class DeletionVectorFileWriter {

  /** The file's bytes and, per data file in write order, the range the index manifest records. */
  public record Written(byte[] bytes, List<DeletionVectorRange> ranges) {

    public Written {
      ranges = List.copyOf(ranges);
    }
  }

  private DeletionVectorFileWriter() {}

  /**
   * One index file holding {@code vectors} (data file name → vector) in iteration order; an empty
   * map gives the one-byte file Paimon writes when a bucket's last vector went away.
   *
   * @throws IllegalArgumentException {@code bitmap64} is false and a vector marks a position that
   *     does not fit 32 bits
   */
  public static Written write(Map<String, DeletionVector> vectors, boolean bitmap64) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(DeletionVectorFile.VERSION);
    List<DeletionVectorRange> ranges = new ArrayList<>(vectors.size());
    for (Map.Entry<String, DeletionVector> e : vectors.entrySet()) {
      byte[] payload = bitmap64 ? payload64(e.getValue()) : payload32(e.getKey(), e.getValue());
      int offset = out.size();
      ByteBuffer frame = ByteBuffer.allocate(payload.length + 8);
      frame.putInt(payload.length);
      frame.put(payload);
      CRC32 crc = new CRC32();
      crc.update(payload);
      frame.putInt((int) crc.getValue());
      out.writeBytes(frame.array());
      int length = bitmap64 ? payload.length + 8 : payload.length;
      ranges.add(new DeletionVectorRange(e.getKey(), offset, length, e.getValue().cardinality()));
    }
    return new Written(out.toByteArray(), ranges);
  }

  // int32 BE magic, then the portable serialization of the one 32-bit bitmap
  private static byte[] payload32(String dataFileName, DeletionVector vector) {
    int[] keys = vector.highKeys();
    if (keys.length > 1 || (keys.length == 1 && keys[0] != 0)) {
      throw new IllegalArgumentException(
          "Invalid deletion vector of data file "
              + dataFileName
              + ": a row position does not fit the 32-bit bitmap"
              + " (set deletion-vectors.bitmap64)");
    }
    RoaringBitmap bitmap = keys.length == 0 ? new RoaringBitmap() : vector.lowBits(0);
    ByteBuffer buffer = ByteBuffer.allocate(4 + bitmap.serializedSizeInBytes());
    buffer.putInt(DeletionVectorFile.MAGIC_32);
    bitmap.serialize(buffer.slice());
    return buffer.array();
  }

  // int32 LE magic, int64 LE bitmap count, then per bitmap an int32 LE key and a portable bitmap
  private static byte[] payload64(DeletionVector vector) {
    int[] keys = vector.highKeys();
    RoaringBitmap[] bitmaps = new RoaringBitmap[keys.length];
    int size = 4 + 8;
    for (int i = 0; i < keys.length; i++) {
      bitmaps[i] = vector.lowBits(i);
      bitmaps[i].runOptimize();
      size += 4 + bitmaps[i].serializedSizeInBytes();
    }
    ByteBuffer buffer = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putInt(DeletionVectorFile.MAGIC_64);
    buffer.putLong(keys.length);
    for (int i = 0; i < keys.length; i++) {
      buffer.putInt(keys[i]);
      bitmaps[i].serialize(buffer.slice().order(ByteOrder.LITTLE_ENDIAN));
      buffer.position(buffer.position() + bitmaps[i].serializedSizeInBytes());
    }
    return buffer.array();
  }
}
