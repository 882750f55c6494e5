package dev.lakeops.table.read;

import dev.lakeops.table.deletion.DeletionFile;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DeletionVectorRange;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.store.TableStore;
import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The deletion vectors of one snapshot, by (partition, bucket) and data file name, from the {@code
 * DELETION_VECTORS} entries of its index manifest ({@code paimon-format.md} §9.1). Index files live
 * in {@code index/}, in the bucket directory with {@code index-file-in-data-file-dir}, or at their
 * external path.
 */
final class DeletionFiles {

  private static final String INDEX_FILE_IN_DATA_FILE_DIR = "index-file-in-data-file-dir";

  private record BucketKey(BinaryRow partition, int bucket) {}

  private final Map<BucketKey, Map<String, DeletionFile>> byBucket;

  private DeletionFiles(Map<BucketKey, Map<String, DeletionFile>> byBucket) {
    this.byBucket = byBucket;
  }

  static DeletionFiles none() {
    return new DeletionFiles(Map.of());
  }

  /**
   * Reads the index manifest of {@code snapshot}; vectors that mark no row are left out.
   *
   * @throws dev.lakeops.table.meta.CorruptManifestException the index manifest does not decode
   */
  static DeletionFiles of(TableStore table, Snapshot snapshot) {
    if (snapshot.indexManifest() == null) {
      return none();
    }
    boolean inDataDir = table.options().bool(INDEX_FILE_IN_DATA_FILE_DIR, false);
    Map<BucketKey, Map<String, DeletionFile>> byBucket = new HashMap<>();
    for (IndexManifestEntry index :
        table.snapshotFiles().manifests().readIndexManifest(snapshot.indexManifest())) {
      if (index.kind() != FileKind.ADD
          || !IndexManifestEntry.DELETION_VECTORS.equals(index.indexType())
          || index.deletionVectorRanges() == null) {
        continue;
      }
      Path file = indexFile(table, index, inDataDir);
      for (DeletionVectorRange range : index.deletionVectorRanges()) {
        if (range.cardinality() == null || range.cardinality() > 0) {
          byBucket
              .computeIfAbsent(
                  new BucketKey(index.partition(), index.bucket()), k -> new HashMap<>())
              .put(range.dataFileName(), new DeletionFile(file, range));
        }
      }
    }
    return new DeletionFiles(byBucket);
  }

  private static Path indexFile(TableStore table, IndexManifestEntry index, boolean inDataDir) {
    if (index.externalPath() != null) {
      String external = index.externalPath();
      return external.contains(":/") ? Path.of(URI.create(external)) : Path.of(external);
    }
    if (inDataDir) {
      return table.locator().bucketDir(index.partition(), index.bucket()).resolve(index.fileName());
    }
    return table.paths().indexFile(index.fileName());
  }

  /** The deletion files of a bucket, by data file name; empty when it has none. */
  Map<String, DeletionFile> ofBucket(BinaryRow partition, int bucket) {
    return byBucket.getOrDefault(new BucketKey(partition, bucket), Map.of());
  }

  boolean isEmpty() {
    return byBucket.isEmpty();
  }
}
