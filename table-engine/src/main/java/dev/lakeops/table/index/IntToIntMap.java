package dev.lakeops.table.index;

/**
 * A map from {@code int} to {@code int} without boxing (key hash to bucket): open addressing with
 * linear probing, grown at half full; key zero is kept apart. Not thread-safe.
 */
final class IntToIntMap {

  /** What {@link #get} returns for a key not in the map. */
  static final int MISSING = Integer.MIN_VALUE;

  private int[] keys;
  private int[] values;
  private int size;
  private boolean hasZero;
  private int zeroValue;

  IntToIntMap(int expected) {
    int capacity = IntHashSet.capacityFor(expected);
    keys = new int[capacity];
    values = new int[capacity];
  }

  /** The value of {@code key}, or {@link #MISSING}. */
  int get(int key) {
    if (key == 0) {
      return hasZero ? zeroValue : MISSING;
    }
    int mask = keys.length - 1;
    int i = IntHashSet.mix(key) & mask;
    while (keys[i] != 0) {
      if (keys[i] == key) {
        return values[i];
      }
      i = (i + 1) & mask;
    }
    return MISSING;
  }

  /** Sets {@code key} to {@code value}, replacing an earlier value. */
  void put(int key, int value) {
    if (key == 0) {
      hasZero = true;
      zeroValue = value;
      return;
    }
    int mask = keys.length - 1;
    int i = IntHashSet.mix(key) & mask;
    while (keys[i] != 0) {
      if (keys[i] == key) {
        values[i] = value;
        return;
      }
      i = (i + 1) & mask;
    }
    keys[i] = key;
    values[i] = value;
    size++;
    if (size * 2 > keys.length) {
      grow();
    }
  }

  int size() {
    return size + (hasZero ? 1 : 0);
  }

  private void grow() {
    int[] oldKeys = keys;
    int[] oldValues = values;
    keys = new int[oldKeys.length * 2];
    values = new int[oldKeys.length * 2];
    int mask = keys.length - 1;
    for (int j = 0; j < oldKeys.length; j++) {
      if (oldKeys[j] != 0) {
        int i = IntHashSet.mix(oldKeys[j]) & mask;
        while (keys[i] != 0) {
          i = (i + 1) & mask;
        }
        keys[i] = oldKeys[j];
        values[i] = oldValues[j];
      }
    }
  }
}
