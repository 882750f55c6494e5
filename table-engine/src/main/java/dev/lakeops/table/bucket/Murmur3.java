package dev.lakeops.table.bucket;

/**
 * MurmurHash3 x86_32 over whole little-endian 4-byte words, seed 42: the hash of Paimon's {@code
 * BinaryRow.hashCode()} (source: {@code MurmurHashUtils.hashBytesByWords}). BinaryRows are always a
 * multiple of 8 bytes long, so there is no tail to mix.
 */
final class Murmur3 {

  static final int SEED = 42;

  private Murmur3() {}

  /**
   * {@link #hashWords} of the 16 bytes of a one-field BinaryRow whose field is fixed-width: header
   * word {@code header} (the row kind and null bit), a zero word, and the field's 8-byte slot.
   */
  static int hashOneSlot(int header, long slot) {
    int h = SEED;
    h = mix(h, header);
    h = mix(h, 0);
    h = mix(h, (int) slot);
    h = mix(h, (int) (slot >>> 32));
    return finish(h, 16);
  }

  private static int mix(int h, int word) {
    int k = word * 0xcc9e2d51;
    k = Integer.rotateLeft(k, 15);
    k *= 0x1b873593;
    h ^= k;
    h = Integer.rotateLeft(h, 13);
    return h * 5 + 0xe6546b64;
  }

  private static int finish(int h, int length) {
    h ^= length;
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }

  // Requires: length is a multiple of 4.
  static int hashWords(byte[] bytes, int length) {
    if (length % 4 != 0 || length > bytes.length) {
      throw new IllegalArgumentException(
          "Invalid length for word hashing: " + length + " (must be a multiple of 4)");
    }
    int h = SEED;
    for (int i = 0; i < length; i += 4) {
      int word =
          (bytes[i] & 0xFF)
              | (bytes[i + 1] & 0xFF) << 8
              | (bytes[i + 2] & 0xFF) << 16
              | (bytes[i + 3] & 0xFF) << 24;
      h = mix(h, word);
    }
    return finish(h, length);
  }
}
