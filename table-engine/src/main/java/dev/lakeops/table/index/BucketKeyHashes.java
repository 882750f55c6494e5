package dev.lakeops.table.index;

import java.util.Optional;

/**
 * The key hashes one bucket of a dynamic-bucket table holds (Paimon's {@code
 * DynamicBucketIndexMaintainer}): restored from the bucket's index file, extended with the hash of
 * every record written to the bucket (deletes included, as in Paimon), and handed over as the
 * content of a new index file at commit when it grew. Not thread-safe.
 */
public final class BucketKeyHashes {

  private final IntHashSet hashes;
  private boolean modified;

  private BucketKeyHashes(IntHashSet hashes) {
    this.hashes = hashes;
  }

  /** The hashes of a bucket without an index file yet. */
  public static BucketKeyHashes empty() {
    return new BucketKeyHashes(new IntHashSet(16));
  }

  /** The hashes of an existing index file. */
  public static BucketKeyHashes restore(int[] restored) {
    IntHashSet set = new IntHashSet(restored.length);
    for (int h : restored) {
      set.add(h);
    }
    return new BucketKeyHashes(set);
  }

  /** Records the key hash of a record written to the bucket. */
  public void add(int keyHash) {
    if (hashes.add(keyHash)) {
      modified = true;
    }
  }

  public boolean contains(int keyHash) {
    return hashes.contains(keyHash);
  }

  public int size() {
    return hashes.size();
  }

  /**
   * The hashes for a new index file if any was added since the last call, else empty. Each call
   * starts a new interval.
   */
  public Optional<int[]> prepareCommit() {
    if (!modified) {
      return Optional.empty();
    }
    modified = false;
    return Optional.of(hashes.toArray());
  }
}
