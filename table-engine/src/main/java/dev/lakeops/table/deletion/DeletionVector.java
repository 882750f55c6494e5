package dev.lakeops.table.deletion;

import java.util.Arrays;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;

/**
 * The deleted row positions of one data file (position = 0-based ordinal of the row in the file).
 * Paimon stores positions as one 32-bit RoaringBitmap, or with {@code deletion-vectors.bitmap64} as
 * one 32-bit bitmap per distinct value of the high 32 bits; both are held here as the latter
 * (sorted high keys, one bitmap of low 32 bits each). Immutable.
 */
public final class DeletionVector {

  private static final DeletionVector EMPTY = new DeletionVector(new int[0], new RoaringBitmap[0]);

  private final int[] highKeys;
  private final RoaringBitmap[] lowBits;
  private final long cardinality;

  private DeletionVector(int[] highKeys, RoaringBitmap[] lowBits) {
    this.highKeys = highKeys;
    this.lowBits = lowBits;
    long count = 0;
    for (RoaringBitmap b : lowBits) {
      count += b.getLongCardinality();
    }
    this.cardinality = count;
  }

  public static DeletionVector empty() {
    return EMPTY;
  }

  /** A vector over 32-bit positions; {@code bitmap} must not be changed afterwards. */
  static DeletionVector of32(RoaringBitmap bitmap) {
    return new DeletionVector(new int[] {0}, new RoaringBitmap[] {bitmap});
  }

  /**
   * A vector over 64-bit positions: {@code highKeys} strictly ascending and non-negative, each with
   * the bitmap of its low 32 bits; the bitmaps must not be changed afterwards.
   */
  static DeletionVector of64(int[] highKeys, RoaringBitmap[] lowBits) {
    return new DeletionVector(highKeys.clone(), lowBits.clone());
  }

  /**
   * A vector of the given positions.
   *
   * @throws IllegalArgumentException a position is negative
   */
  public static DeletionVector ofPositions(long... positions) {
    TreeMap<Integer, RoaringBitmap> byHigh = new TreeMap<>();
    for (long p : positions) {
      if (p < 0) {
        throw new IllegalArgumentException("Invalid row position: " + p + " (must be >= 0)");
      }
      byHigh.computeIfAbsent((int) (p >>> 32), k -> new RoaringBitmap()).add((int) p);
    }
    return new DeletionVector(
        byHigh.keySet().stream().mapToInt(Integer::intValue).toArray(),
        byHigh.values().toArray(RoaringBitmap[]::new));
  }

  public boolean isDeleted(long position) {
    if (position < 0) {
      return false;
    }
    int high = (int) (position >>> 32);
    if (highKeys.length == 1) {
      return highKeys[0] == high && lowBits[0].contains((int) position);
    }
    int i = Arrays.binarySearch(highKeys, high);
    return i >= 0 && lowBits[i].contains((int) position);
  }

  /** The number of deleted positions. */
  public long cardinality() {
    return cardinality;
  }

  public boolean isEmpty() {
    return cardinality == 0;
  }

  /** The distinct high 32 bits of the positions, ascending (a copy). */
  int[] highKeys() {
    return highKeys.clone();
  }

  /** The low 32 bits of the positions with high bits {@code highKeys()[i]} (a copy). */
  RoaringBitmap lowBits(int i) {
    return lowBits[i].clone();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof DeletionVector other) || cardinality != other.cardinality) {
      return false;
    }
    return positionsByHigh().equals(other.positionsByHigh());
  }

  private TreeMap<Integer, RoaringBitmap> positionsByHigh() {
    TreeMap<Integer, RoaringBitmap> map = new TreeMap<>();
    for (int i = 0; i < highKeys.length; i++) {
      if (!lowBits[i].isEmpty()) {
        map.put(highKeys[i], lowBits[i]);
      }
    }
    return map;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(cardinality);
  }

  @Override
  public String toString() {
    return "DeletionVector[" + cardinality + " deleted]";
  }
}
