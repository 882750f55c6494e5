package dev.lakeops.table.deletion;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;

/**
 * The deletion vectors of one bucket while a writer changes them (Paimon's {@code
 * BucketedDvMaintainer}): restored from the bucket's index file, marked when a compaction writes a
 * newer version of a key into a lower level than the file holding the old row, dropped for files a
 * compaction rewrote. When anything changed, {@link #writeIfModified} serializes every vector of
 * the bucket into one new index file, which replaces the bucket's previous one. Not thread-safe.
 */
public final class DeletionVectorMaintainer {

  private final boolean bitmap64;
  private final Map<String, TreeMap<Integer, RoaringBitmap>> positions = new LinkedHashMap<>();
  private final Map<String, DeletionVector> cache = new HashMap<>();
  private boolean modified;

  private DeletionVectorMaintainer(boolean bitmap64) {
    this.bitmap64 = bitmap64;
  }

  /**
   * A maintainer holding {@code restored} (data file name → vector, as the bucket's index file
   * holds them).
   *
   * @param bitmap64 {@code deletion-vectors.bitmap64}: the layout new index files are written in
   */
  public static DeletionVectorMaintainer of(
      Map<String, DeletionVector> restored, boolean bitmap64) {
    DeletionVectorMaintainer m = new DeletionVectorMaintainer(bitmap64);
    for (Map.Entry<String, DeletionVector> e : restored.entrySet()) {
      DeletionVector v = e.getValue();
      TreeMap<Integer, RoaringBitmap> byHigh = new TreeMap<>();
      int[] keys = v.highKeys();
      for (int i = 0; i < keys.length; i++) {
        byHigh.put(keys[i], v.lowBits(i));
      }
      m.positions.put(e.getKey(), byHigh);
      m.cache.put(e.getKey(), v);
    }
    return m;
  }

  /** Marks row {@code position} of data file {@code dataFileName} as deleted. */
  public void markDeleted(String dataFileName, long position) {
    requireNonNull(dataFileName, "dataFileName");
    if (position < 0) {
      throw new IllegalArgumentException(
          "Invalid row position " + position + " of data file " + dataFileName);
    }
    RoaringBitmap low =
        positions
            .computeIfAbsent(dataFileName, k -> new TreeMap<>())
            .computeIfAbsent((int) (position >>> 32), k -> new RoaringBitmap());
    if (low.checkedAdd((int) position)) {
      cache.remove(dataFileName);
      modified = true;
    }
  }

  /** Forgets the vector of a data file a compaction replaced. */
  public void remove(String dataFileName) {
    if (positions.remove(dataFileName) != null) {
      cache.remove(dataFileName);
      modified = true;
    }
  }

  /** The current vector of a data file; empty when none of its rows is deleted. */
  public DeletionVector vectorOf(String dataFileName) {
    DeletionVector cached = cache.get(dataFileName);
    if (cached != null) {
      return cached;
    }
    TreeMap<Integer, RoaringBitmap> byHigh = positions.get(dataFileName);
    if (byHigh == null) {
      return DeletionVector.empty();
    }
    int[] keys = byHigh.keySet().stream().mapToInt(Integer::intValue).toArray();
    RoaringBitmap[] bitmaps =
        byHigh.values().stream().map(RoaringBitmap::clone).toArray(RoaringBitmap[]::new);
    DeletionVector v = DeletionVector.of64(keys, bitmaps);
    cache.put(dataFileName, v);
    return v;
  }

  public boolean hasVector(String dataFileName) {
    return !vectorOf(dataFileName).isEmpty();
  }

  /**
   * The bucket's vectors as one new index file, when anything changed since the last call (Paimon
   * writes an index file without vectors when the last one went away, to replace the old file).
   */
  public Optional<DeletionVectorFileWriter.Written> writeIfModified() {
    if (!modified) {
      return Optional.empty();
    }
    modified = false;
    Map<String, DeletionVector> vectors = new LinkedHashMap<>();
    for (String file : positions.keySet()) {
      DeletionVector v = vectorOf(file);
      if (!v.isEmpty()) {
        vectors.put(file, v);
      }
    }
    return Optional.of(DeletionVectorFileWriter.write(vectors, bitmap64));
  }

  public boolean isModified() {
    return modified;
  }
}
