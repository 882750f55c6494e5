package dev.lakeops.table.index;

import java.util.Arrays;

/**
 * A set of {@code int}s without boxing: open addressing with linear probing, grown at half full.
 * Zero is kept in a flag of its own, so the empty slot marker needs no reserved value. Not
 * thread-safe.
 */
final class IntHashSet {

  private int[] slots;
  private int size;
  private boolean hasZero;

  IntHashSet(int expected) {
    slots = new int[capacityFor(expected)];
  }

  /** Whether {@code value} was not in the set before. */
  boolean add(int value) {
    if (value == 0) {
      if (hasZero) {
        return false;
      }
      hasZero = true;
      return true;
    }
    int mask = slots.length - 1;
    int i = mix(value) & mask;
    while (slots[i] != 0) {
      if (slots[i] == value) {
        return false;
      }
      i = (i + 1) & mask;
    }
    slots[i] = value;
    size++;
    if (size * 2 > slots.length) {
      grow();
    }
    return true;
  }

  boolean contains(int value) {
    if (value == 0) {
      return hasZero;
    }
    int mask = slots.length - 1;
    int i = mix(value) & mask;
    while (slots[i] != 0) {
      if (slots[i] == value) {
        return true;
      }
      i = (i + 1) & mask;
    }
    return false;
  }

  int size() {
    return size + (hasZero ? 1 : 0);
  }

  /** The values, in no particular order. */
  int[] toArray() {
    int[] out = new int[size()];
    int n = 0;
    if (hasZero) {
      out[n++] = 0;
    }
    for (int v : slots) {
      if (v != 0) {
        out[n++] = v;
      }
    }
    return out;
  }

  private void grow() {
    int[] old = slots;
    slots = new int[old.length * 2];
    int mask = slots.length - 1;
    for (int v : old) {
      if (v != 0) {
        int i = mix(v) & mask;
        while (slots[i] != 0) {
          i = (i + 1) & mask;
        }
        slots[i] = v;
      }
    }
  }

  static int capacityFor(int expected) {
    int capacity = 16;
    while (capacity < expected * 2L && capacity < (1 << 30)) {
      capacity <<= 1;
    }
    return capacity;
  }

  // the hashes are Murmur3 outputs already, but a cheap extra mix keeps clustered inputs apart
  static int mix(int value) {
    int h = value * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  @Override
  public String toString() {
    int[] values = toArray();
    Arrays.sort(values);
    return Arrays.toString(values);
  }
}
