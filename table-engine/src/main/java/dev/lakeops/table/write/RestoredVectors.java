package dev.lakeops.table.write;

import dev.lakeops.table.deletion.DeletionFile;
import dev.lakeops.table.deletion.DeletionVector;
import dev.lakeops.table.deletion.DeletionVectorFile;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DeletionVectorRange;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.store.TableStore;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The deletion-vector index entries of one snapshot by (partition, bucket), whose vectors a writer
 * restores when it opens a bucket of a deletion-vector table (as Paimon's {@code
 * BucketedDvMaintainer.Factory} reads the bucket's index files).
 */
final class RestoredVectors {

  private record BucketKey(BinaryRow partition, int bucket) {}

  private final TableStore table;
  private final Map<BucketKey, List<IndexManifestEntry>> byBucket;

  private RestoredVectors(TableStore table, Map<BucketKey, List<IndexManifestEntry>> byBucket) {
    this.table = table;
    this.byBucket = byBucket;
  }

  /**
   * @throws dev.lakeops.table.meta.CorruptManifestException the index manifest does not decode
   */
  static RestoredVectors of(TableStore table, Snapshot snapshot) {
    Map<BucketKey, List<IndexManifestEntry>> byBucket = new HashMap<>();
    if (snapshot.indexManifest() != null) {
      for (IndexManifestEntry e :
          table.snapshotFiles().manifests().readIndexManifest(snapshot.indexManifest())) {
        if (e.kind() == FileKind.ADD
            && IndexManifestEntry.DELETION_VECTORS.equals(e.indexType())
            && e.deletionVectorRanges() != null) {
          byBucket
              .computeIfAbsent(new BucketKey(e.partition(), e.bucket()), k -> new ArrayList<>())
              .add(e);
        }
      }
    }
    return new RestoredVectors(table, byBucket);
  }

  /**
   * The vectors of a bucket by data file name, read from its index files.
   *
   * @throws dev.lakeops.table.deletion.CorruptDeletionVectorException an index file does not
   *     decode; names the index file, the offset and the data file
   */
  Map<String, DeletionVector> ofBucket(BinaryRow partition, int bucket) {
    Map<String, DeletionVector> vectors = new LinkedHashMap<>();
    for (IndexManifestEntry e :
        byBucket.getOrDefault(new BucketKey(partition, bucket), List.of())) {
      Path file = indexFile(e);
      for (DeletionVectorRange range : e.deletionVectorRanges()) {
        vectors.put(
            range.dataFileName(),
            DeletionVectorFile.read(table.io(), new DeletionFile(file, range)));
      }
    }
    return vectors;
  }

  private Path indexFile(IndexManifestEntry e) {
    if (e.externalPath() != null) {
      String external = e.externalPath();
      return external.contains(":/") ? Path.of(URI.create(external)) : Path.of(external);
    }
    return table.paths().indexFile(e.fileName());
  }
}
