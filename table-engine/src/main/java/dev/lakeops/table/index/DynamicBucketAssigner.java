package dev.lakeops.table.index;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.IndexManifestEntry;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Assigns the keys of a dynamic-bucket table to buckets as Paimon's {@code HashBucketAssigner} with
 * one assigner does: a key already in the table goes to the bucket whose index file holds its hash,
 * a new key to a bucket that is not full ({@link PartitionBuckets#assign}). A partition's index is
 * loaded from its index files the first time one of its keys is assigned, and kept: keys assigned
 * since count as in their bucket. Not thread-safe.
 */
public final class DynamicBucketAssigner {

  private final DynamicBucketOptions options;
  private final Function<BinaryRow, Map<Integer, int[]>> loader;
  private final Map<BinaryRow, PartitionBuckets> partitions = new HashMap<>();
  private final Random random;
  private int maxBucketSoFar;

  /**
   * @param loader the key hashes of each bucket of a partition, as its index files hold them
   */
  public DynamicBucketAssigner(
      DynamicBucketOptions options,
      Function<BinaryRow, Map<Integer, int[]>> loader,
      Random random) {
    this.options = requireNonNull(options, "options");
    this.loader = requireNonNull(loader, "loader");
    this.random = requireNonNull(random, "random");
  }

  /**
   * An assigner over the index files of {@code index} (one snapshot's), read with {@code reader}.
   */
  public static DynamicBucketAssigner of(
      DynamicBucketOptions options, HashIndex index, Function<IndexManifestEntry, int[]> reader) {
    return new DynamicBucketAssigner(
        options,
        partition -> {
          Map<Integer, int[]> byBucket = new TreeMap<>();
          for (Map.Entry<Integer, IndexManifestEntry> e : index.ofPartition(partition).entrySet()) {
            byBucket.put(e.getKey(), reader.apply(e.getValue()));
          }
          return byBucket;
        },
        new Random());
  }

  /** The bucket of the key with hash {@code keyHash} in {@code partition}. */
  public int assign(BinaryRow partition, int keyHash) {
    PartitionBuckets buckets = partitions.get(partition);
    if (buckets == null) {
      buckets = PartitionBuckets.of(loader.apply(partition), options.targetRowNum());
      partitions.put(partition, buckets);
    }
    int bucket = buckets.assign(keyHash, options.maxBuckets(), maxBucketSoFar, random);
    if (bucket > maxBucketSoFar) {
      maxBucketSoFar = bucket;
    }
    return bucket;
  }

  /** Whether a partition's index has been loaded. */
  public boolean hasLoaded(BinaryRow partition) {
    return partitions.containsKey(partition);
  }
}
