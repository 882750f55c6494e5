package dev.lakeops.table.deletion;

import dev.lakeops.table.meta.DeletionVectorRange;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.roaringbitmap.RoaringBitmap;

/**
 * Hand-made deletion-vector index files in Paimon's layout (version byte, then per data file: size,
 * magic + bitmap, CRC32), written from the format description rather than by Paimon, so that tests
 * can feed the reader exact bytes, and break them.
 */
public final class DeletionVectorFiles {

  /** The file's bytes and, per data file in order, its range as an index manifest records it. */
  public record Written(byte[] bytes, List<DeletionVectorRange> ranges) {}

  private DeletionVectorFiles() {}

  /** An index file with the vectors of {@code vectors} (data file name → vector), in that order. */
  public static Written write(Map<String, DeletionVector> vectors, boolean bitmap64) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(DeletionVectorFile.VERSION);
    List<DeletionVectorRange> ranges = new ArrayList<>();
    for (Map.Entry<String, DeletionVector> e : vectors.entrySet()) {
      byte[] payload = bitmap64 ? payload64(e.getValue()) : payload32(e.getValue());
      int offset = out.size();
      writeFrame(out, payload);
      int length = bitmap64 ? payload.length + 8 : payload.length;
      ranges.add(new DeletionVectorRange(e.getKey(), offset, length, e.getValue().cardinality()));
    }
    return new Written(out.toByteArray(), ranges);
  }

  public static Written write(String dataFileName, DeletionVector vector) {
    Map<String, DeletionVector> one = new LinkedHashMap<>();
    one.put(dataFileName, vector);
    return write(one, false);
  }

  /** {@code int32 BE magic} + the portable serialization of the one 32-bit bitmap. */
  static byte[] payload32(DeletionVector vector) {
    int[] keys = vector.highKeys();
    if (keys.length > 1 || (keys.length == 1 && keys[0] != 0)) {
      throw new IllegalArgumentException(
          "A 32-bit deletion vector holds positions below 2^32 only");
    }
    RoaringBitmap bitmap = keys.length == 0 ? new RoaringBitmap() : vector.lowBits(0);
    bitmap.runOptimize();
    ByteBuffer buffer = ByteBuffer.allocate(4 + bitmap.serializedSizeInBytes());
    buffer.putInt(DeletionVectorFile.MAGIC_32);
    bitmap.serialize(buffer.slice());
    return buffer.array();
  }

  /**
   * {@code int32 LE magic}, {@code int64 LE} count, then per bitmap {@code int32 LE} key + portable
   * bitmap.
   */
  static byte[] payload64(DeletionVector vector) {
    int[] keys = vector.highKeys();
    List<RoaringBitmap> bitmaps = new ArrayList<>();
    int size = 4 + 8;
    for (int i = 0; i < keys.length; i++) {
      RoaringBitmap b = vector.lowBits(i);
      b.runOptimize();
      bitmaps.add(b);
      size += 4 + b.serializedSizeInBytes();
    }
    ByteBuffer buffer = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putInt(DeletionVectorFile.MAGIC_64);
    buffer.putLong(keys.length);
    for (int i = 0; i < keys.length; i++) {
      buffer.putInt(keys[i]);
      ByteBuffer slice = buffer.slice().order(ByteOrder.LITTLE_ENDIAN);
      bitmaps.get(i).serialize(slice);
      buffer.position(buffer.position() + bitmaps.get(i).serializedSizeInBytes());
    }
    return buffer.array();
  }

  private static void writeFrame(ByteArrayOutputStream out, byte[] payload) {
    try {
      DataOutputStream data = new DataOutputStream(out);
      data.writeInt(payload.length);
      data.write(payload);
      CRC32 crc = new CRC32();
      crc.update(payload);
      data.writeInt((int) crc.getValue());
      data.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
