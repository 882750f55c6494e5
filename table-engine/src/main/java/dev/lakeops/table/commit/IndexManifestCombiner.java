package dev.lakeops.table.commit;

import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a snapshot's full index manifest from the base's entries and a commit's index changes, as
 * Paimon's {@code IndexManifestFileHandler} does ({@code paimon-format.md} §9.1): per index type,
 * one file per (partition, bucket), so a deleted entry removes the bucket's file of its type and an
 * added one replaces it; deletes are applied before adds. Deletion vectors of bucket-unaware append
 * tables are kept per file name instead, since such a table has many DV files in one bucket.
 */
final class IndexManifestCombiner {

  private IndexManifestCombiner() {}

  private record BucketKey(BinaryRow partition, int bucket, String indexType) {}

  /**
   * @param previous the base snapshot's index manifest entries (all ADD)
   * @param changes this commit's ADD and DELETE entries
   * @param bucketUnaware the table is an append table without buckets ({@code bucket=-1})
   * @throws IllegalArgumentException {@code previous} holds a DELETE entry (an index manifest is a
   *     full list and never holds one)
   */
  static List<IndexManifestEntry> combine(
      List<IndexManifestEntry> previous, List<IndexManifestEntry> changes, boolean bucketUnaware) {
    Map<Object, IndexManifestEntry> entries = new LinkedHashMap<>();
    for (IndexManifestEntry e : previous) {
      if (e.kind() != FileKind.ADD) {
        throw new IllegalArgumentException(
            "Invalid index manifest: DELETE entry for index file "
                + e.fileName()
                + " in a full list, which holds only ADD entries");
      }
      entries.put(key(e, bucketUnaware), e);
    }
    for (IndexManifestEntry e : changes) {
      if (e.kind() == FileKind.DELETE) {
        entries.remove(key(e, bucketUnaware));
      }
    }
    for (IndexManifestEntry e : changes) {
      if (e.kind() == FileKind.ADD) {
        entries.put(key(e, bucketUnaware), e);
      }
    }
    return new ArrayList<>(entries.values());
  }

  private static Object key(IndexManifestEntry e, boolean bucketUnaware) {
    if (bucketUnaware && IndexManifestEntry.DELETION_VECTORS.equals(e.indexType())) {
      return e.fileName();
    }
    return new BucketKey(e.partition(), e.bucket(), e.indexType());
  }
}
