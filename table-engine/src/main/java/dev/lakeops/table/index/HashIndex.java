package dev.lakeops.table.index;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.store.TableStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@code HASH} entries of one snapshot's index manifest, by partition and bucket: which index
 * file holds the key hashes of each bucket of a dynamic-bucket table. Immutable.
 */
public final class HashIndex {

  private static final HashIndex EMPTY = new HashIndex(Map.of());

  private final Map<BinaryRow, TreeMap<Integer, IndexManifestEntry>> byPartition;

  private HashIndex(Map<BinaryRow, TreeMap<Integer, IndexManifestEntry>> byPartition) {
    this.byPartition = byPartition;
  }

  public static HashIndex empty() {
    return EMPTY;
  }

  /**
   * The hash index of {@code snapshot} of {@code table} (empty for no snapshot or no index
   * manifest).
   *
   * @throws dev.lakeops.table.meta.CorruptManifestException the index manifest does not decode
   * @throws CorruptIndexFileException two HASH entries for one bucket; names the table and files
   */
  public static HashIndex of(TableStore table, Optional<Snapshot> snapshot) {
    if (snapshot.isEmpty() || snapshot.get().indexManifest() == null) {
      return EMPTY;
    }
    String manifest = snapshot.get().indexManifest();
    List<IndexManifestEntry> entries =
        table.snapshotFiles().manifests().readIndexManifest(manifest);
    Map<BinaryRow, TreeMap<Integer, IndexManifestEntry>> byPartition = new HashMap<>();
    for (IndexManifestEntry e : entries) {
      if (e.kind() != FileKind.ADD || !IndexManifestEntry.HASH.equals(e.indexType())) {
        continue;
      }
      IndexManifestEntry earlier =
          byPartition.computeIfAbsent(e.partition(), p -> new TreeMap<>()).put(e.bucket(), e);
      if (earlier != null) {
        throw new CorruptIndexFileException(
            table.name(),
            table.paths().manifestFile(manifest),
            "two HASH index files for bucket "
                + e.bucket()
                + " of one partition: "
                + earlier.fileName()
                + " and "
                + e.fileName(),
            null);
      }
    }
    return new HashIndex(byPartition);
  }

  /** The index files of one partition, by bucket (ascending). */
  public Map<Integer, IndexManifestEntry> ofPartition(BinaryRow partition) {
    TreeMap<Integer, IndexManifestEntry> buckets = byPartition.get(partition);
    return buckets == null ? Map.of() : buckets;
  }

  /** The index file of one bucket, if it has one. */
  public Optional<IndexManifestEntry> ofBucket(BinaryRow partition, int bucket) {
    return Optional.ofNullable(ofPartition(partition).get(bucket));
  }
}
