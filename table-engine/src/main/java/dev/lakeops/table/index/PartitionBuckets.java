package dev.lakeops.table.index;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * The buckets of one partition of a dynamic-bucket table as the assigner sees them (Paimon's {@code
 * PartitionIndex}): which bucket each known key hash is in, and how many hashes each bucket that is
 * not full yet holds. Not thread-safe.
 */
final class PartitionBuckets {

  private final IntToIntMap bucketOfHash;
  // buckets that may take new keys, ascending, with their number of hashes
  private final TreeMap<Integer, Long> notFull;
  private final List<Integer> allBuckets;
  private final Set<Integer> allBucketSet;
  private final long targetRowNum;

  private PartitionBuckets(IntToIntMap bucketOfHash, TreeMap<Integer, Long> counts, long target) {
    this.bucketOfHash = bucketOfHash;
    this.notFull = counts;
    this.allBuckets = new ArrayList<>(counts.keySet());
    this.allBucketSet = new HashSet<>(counts.keySet());
    this.targetRowNum = target;
  }

  /** A partition without buckets yet. */
  static PartitionBuckets empty(long targetRowNum) {
    return new PartitionBuckets(new IntToIntMap(16), new TreeMap<>(), targetRowNum);
  }

  /**
   * The partition as its index files describe it: every hash of bucket {@code b}'s file is in
   * {@code b}, and each bucket holds as many keys as its file holds hashes.
   */
  static PartitionBuckets of(Map<Integer, int[]> hashesByBucket, long targetRowNum) {
    int total = 0;
    for (int[] hashes : hashesByBucket.values()) {
      total += hashes.length;
    }
    IntToIntMap bucketOfHash = new IntToIntMap(total);
    TreeMap<Integer, Long> counts = new TreeMap<>();
    for (Map.Entry<Integer, int[]> e : hashesByBucket.entrySet()) {
      for (int h : e.getValue()) {
        bucketOfHash.put(h, e.getKey());
      }
      counts.put(e.getKey(), (long) e.getValue().length);
    }
    return new PartitionBuckets(bucketOfHash, counts, targetRowNum);
  }

  /**
   * The bucket of key hash {@code hash}, in Paimon's order: the bucket it is already in; else the
   * lowest bucket with fewer than the target number of keys; else, while the assigner's highest
   * bucket so far is below the limit, the lowest bucket number not used in this partition; else a
   * random bucket of the partition.
   *
   * @param maxBuckets {@code dynamic-bucket.max-buckets}, -1 for no limit
   * @param maxBucketSoFar the highest bucket this assigner handed out in any partition
   * @throws IllegalStateException every bucket number Paimon's index can hold is in use
   */
  int assign(int hash, int maxBuckets, int maxBucketSoFar, Random random) {
    int known = bucketOfHash.get(hash);
    if (known != IntToIntMap.MISSING) {
      return known;
    }
    Iterator<Map.Entry<Integer, Long>> open = notFull.entrySet().iterator();
    while (open.hasNext()) {
      Map.Entry<Integer, Long> e = open.next();
      if (e.getValue() < targetRowNum) {
        e.setValue(e.getValue() + 1);
        bucketOfHash.put(hash, e.getKey());
        return e.getKey();
      }
      open.remove();
    }
    int highest = (maxBuckets == -1 ? DynamicBucketOptions.BUCKET_LIMIT : maxBuckets) - 1;
    if (allBuckets.isEmpty() || maxBucketSoFar < highest) {
      for (int b = 0; b <= highest; b++) {
        if (!allBucketSet.contains(b)) {
          notFull.put(b, 1L);
          allBuckets.add(b);
          allBucketSet.add(b);
          bucketOfHash.put(hash, b);
          return b;
        }
      }
      if (maxBuckets == -1) {
        throw new IllegalStateException(
            "All "
                + DynamicBucketOptions.BUCKET_LIMIT
                + " buckets of a partition hold "
                + targetRowNum
                + " keys; raise '"
                + DynamicBucketOptions.TARGET_ROW_NUM
                + "'");
      }
    }
    int bucket = allBuckets.get(random.nextInt(allBuckets.size()));
    bucketOfHash.put(hash, bucket);
    return bucket;
  }

  int knownHashes() {
    return bucketOfHash.size();
  }
}
