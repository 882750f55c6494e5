package dev.lakeops.table.write;

import dev.lakeops.table.bucket.BucketFunction;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.index.BucketKeyHashes;
import dev.lakeops.table.index.DynamicBucketAssigner;
import dev.lakeops.table.index.DynamicBucketOptions;
import dev.lakeops.table.index.HashIndex;
import dev.lakeops.table.index.HashIndexChangedException;
import dev.lakeops.table.index.HashIndexFile;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.paths.FileNamer;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.store.TableStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The bucket placement of one {@link TableWrite} on a dynamic-bucket table ({@code bucket=-1} with
 * a primary key that holds every partition key): each row's trimmed primary key is hashed as Paimon
 * hashes it, the {@link DynamicBucketAssigner} picks the bucket, and the bucket's {@link
 * BucketKeyHashes} record the hash. At commit every bucket that gained hashes gets a new index
 * file; its {@code HASH} entry replaces the bucket's previous one in the next index manifest.
 *
 * <p>The index is the latest snapshot's when the first row is written. Before each commit the
 * latest snapshot's index is checked against it: if another writer changed a partition this write
 * assigned keys in, the commit is refused ({@link HashIndexChangedException}).
 */
final class DynamicBucketWrite {

  private record BucketKey(BinaryRow partition, int bucket) {}

  private final TableStore table;
  private final DynamicBucketOptions options;
  private final BucketFunction keyHash;
  private final FileNamer namer;
  private HashIndex base;
  private DynamicBucketAssigner assigner;
  private final Map<BucketKey, BucketKeyHashes> buckets = new LinkedHashMap<>();
  // per bucket, the index files the latest snapshot may hold without another writer's change: the
  // one loaded, and each this write handed over
  private final Map<BucketKey, Set<String>> expectedFiles = new HashMap<>();
  private final Set<BinaryRow> touchedPartitions = new HashSet<>();
  private boolean loaded;

  DynamicBucketWrite(TableStore table, TableSchema schema, FileNamer namer) {
    this.table = table;
    this.options = DynamicBucketOptions.of(table.name(), schema.tableOptions());
    // the bucket count is not used: only the key row and its hash
    this.keyHash = BucketFunction.of(schema.rowType(), schema.trimmedPrimaryKeys(), 1);
    this.namer = namer;
  }

  /** The bucket of {@code row} in {@code partition}; its key hash is recorded in that bucket. */
  int bucket(BinaryRow partition, Row row) {
    load();
    int hash = BucketFunction.hash(keyHash.bucketKey(row));
    int bucket = assigner.assign(partition, hash);
    touchedPartitions.add(partition);
    hashes(partition, bucket).add(hash);
    return bucket;
  }

  private void load() {
    if (!loaded) {
      base = HashIndex.of(table, table.snapshotStore().latest());
      assigner = DynamicBucketAssigner.of(options, base, e -> HashIndexFile.read(table, e));
      loaded = true;
    }
  }

  private BucketKeyHashes hashes(BinaryRow partition, int bucket) {
    BucketKey key = new BucketKey(partition, bucket);
    BucketKeyHashes h = buckets.get(key);
    if (h == null) {
      Optional<IndexManifestEntry> file = base.ofBucket(partition, bucket);
      h =
          file.isPresent()
              ? BucketKeyHashes.restore(HashIndexFile.read(table, file.get()))
              : BucketKeyHashes.empty();
      buckets.put(key, h);
    }
    return h;
  }

  /**
   * Writes a new index file for every bucket that gained hashes since the last call and returns
   * their entries.
   *
   * @throws HashIndexChangedException another writer changed the index of a partition this write
   *     assigned keys in
   */
  List<IndexManifestEntry> prepareCommit() {
    if (!loaded) {
      return List.of();
    }
    checkUnchanged();
    List<IndexManifestEntry> written = new ArrayList<>();
    for (Map.Entry<BucketKey, BucketKeyHashes> e : buckets.entrySet()) {
      Optional<int[]> hashes = e.getValue().prepareCommit();
      if (hashes.isPresent()) {
        BucketKey key = e.getKey();
        IndexManifestEntry entry =
            HashIndexFile.write(table, namer, key.partition(), key.bucket(), hashes.get());
        expected(key).add(entry.fileName());
        written.add(entry);
      }
    }
    return written;
  }

  private Set<String> expected(BucketKey key) {
    return expectedFiles.computeIfAbsent(
        key,
        k -> {
          Set<String> names = new HashSet<>();
          base.ofBucket(k.partition(), k.bucket()).ifPresent(f -> names.add(f.fileName()));
          return names;
        });
  }

  private void checkUnchanged() {
    HashIndex latest = HashIndex.of(table, table.snapshotStore().latest());
    for (BinaryRow partition : touchedPartitions) {
      Set<Integer> bucketIds = new HashSet<>(latest.ofPartition(partition).keySet());
      bucketIds.addAll(base.ofPartition(partition).keySet());
      for (int bucket : bucketIds) {
        BucketKey key = new BucketKey(partition, bucket);
        String now =
            latest.ofBucket(partition, bucket).map(IndexManifestEntry::fileName).orElse(null);
        String loadedName =
            base.ofBucket(partition, bucket).map(IndexManifestEntry::fileName).orElse(null);
        boolean unchanged = Objects.equals(now, loadedName) || expected(key).contains(now);
        if (!unchanged) {
          throw new HashIndexChangedException(
              "Hash index of table "
                  + table.name()
                  + " changed under this write: bucket "
                  + bucket
                  + " of partition '"
                  + table.locator().partitionPath(partition)
                  + "'"
                  + " now has index file "
                  + Objects.requireNonNullElse(now, "(none)")
                  + ", this write loaded "
                  + Objects.requireNonNullElse(loadedName, "(none)")
                  + "; another writer committed to the partition. Dynamic bucket mode takes one"
                  + " writer at a time: start a new write");
        }
      }
    }
  }
}
