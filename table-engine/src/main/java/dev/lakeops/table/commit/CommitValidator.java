package dev.lakeops.table.commit;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.commit.ConflictingChangesException.Conflict;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.ValueOrder;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.FileIdentifier;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Checks that a delta still applies to the snapshot it will be committed on, with Paimon's rules
 * ({@code paimon-format.md} §14.3 step 3): every file it deletes is live there, no file it adds is
 * live already, a partition keeps one bucket count (unless overwritten) and, for primary-key
 * tables, the files of each level &ge; 1 of a bucket keep disjoint key ranges.
 *
 * <p>Reads the live files of the base only when needed: a delta of pure ADDs cannot conflict and is
 * not checked unless asked to (as in Paimon, only the recovery path asks).
 */
final class CommitValidator {

  private final SnapshotFiles files;
  private final DataFileLocator locator;
  private final @Nullable RowType keyType;
  private final @Nullable Comparator<Row> keyOrder;

  CommitValidator(SnapshotFiles files, DataFileLocator locator, TableSchema schema) {
    this.files = requireNonNull(files, "files");
    this.locator = requireNonNull(locator, "locator");
    this.keyType = schema.hasPrimaryKey() ? schema.trimmedPrimaryKeyType() : null;
    this.keyOrder = keyType == null ? null : ValueOrder.rows(keyType);
  }

  /**
   * @param checkAdds check a delta without deletes too
   * @throws ConflictingChangesException the delta does not apply to {@code base}; names the files
   */
  void check(
      Optional<Snapshot> base, CommitKind kind, List<ManifestEntry> delta, boolean checkAdds) {
    boolean deletes = delta.stream().anyMatch(e -> e.kind() == FileKind.DELETE);
    if (delta.isEmpty() || (!deletes && !checkAdds)) {
      return;
    }
    Set<BinaryRow> partitions = new HashSet<>();
    delta.forEach(e -> partitions.add(e.partition()));
    Map<FileIdentifier, ManifestEntry> live = new LinkedHashMap<>();
    if (base.isPresent()) {
      for (ManifestEntry e : files.liveFiles(base.get()).files()) {
        if (partitions.contains(e.partition())) {
          live.put(e.identifier(), e);
        }
      }
    }
    String where = base.map(s -> "snapshot " + s.id()).orElse("the empty table");
    List<String> missing = new ArrayList<>();
    List<String> duplicates = new ArrayList<>();
    Set<FileIdentifier> deleted = new HashSet<>();
    for (ManifestEntry e : delta) {
      if (e.kind() == FileKind.DELETE) {
        deleted.add(e.identifier());
        if (live.remove(e.identifier()) == null) {
          missing.add(describe(e));
        }
      } else if (live.putIfAbsent(e.identifier(), e) != null || deleted.contains(e.identifier())) {
        // Paimon readers skip every ADD of an identity some DELETE names: a file cannot come back
        // as itself.
        duplicates.add(describe(e));
      }
    }
    if (!missing.isEmpty()) {
      throw new ConflictingChangesException(
          Conflict.FILE_DELETION,
          "File deletion conflicts detected! Give up "
              + "committing. "
              + missing.size()
              + " file(s) this "
              + kind
              + " commit deletes are no longer live in "
              + where
              + ": "
              + missing,
          missing);
    }
    if (!duplicates.isEmpty()) {
      throw new ConflictingChangesException(
          Conflict.DUPLICATE_ADD,
          "Trying to add "
              + duplicates.size()
              + " file(s) which are already added in "
              + where
              + ": "
              + duplicates,
          duplicates);
    }
    if (kind != CommitKind.OVERWRITE) {
      checkBucketCounts(live, delta, where);
    }
    if (keyType != null) {
      checkLevels(live, delta, where);
    }
  }

  private void checkBucketCounts(
      Map<FileIdentifier, ManifestEntry> live, List<ManifestEntry> delta, String where) {
    Map<BinaryRow, Set<Integer>> counts = new LinkedHashMap<>();
    for (ManifestEntry e : live.values()) {
      counts.computeIfAbsent(e.partition(), p -> new TreeSet<>()).add(e.totalBuckets());
    }
    for (ManifestEntry e : delta) {
      Set<Integer> seen = counts.get(e.partition());
      if (e.kind() == FileKind.ADD && seen != null && seen.size() > 1) {
        throw new ConflictingChangesException(
            Conflict.BUCKET_COUNT,
            "Total buckets of partition "
                + partitionName(e.partition())
                + " changed to "
                + seen
                + " without an overwrite (in "
                + where
                + ", adding "
                + e.fileName()
                + ")",
            List.of(e.fileName()));
      }
    }
  }

  // Paimon's LSM consistency rule: within one level >= 1 of a bucket, files sorted by min key must
  // satisfy maxKey(a) < minKey(b). Only buckets this delta adds a level >= 1 file to are checked.
  private void checkLevels(
      Map<FileIdentifier, ManifestEntry> live, List<ManifestEntry> delta, String where) {
    Set<String> touched = new HashSet<>();
    for (ManifestEntry e : delta) {
      if (e.kind() == FileKind.ADD && e.level() >= 1) {
        touched.add(bucketKey(e));
      }
    }
    if (touched.isEmpty()) {
      return;
    }
    Map<String, TreeMap<Integer, List<KeyedFile>>> levels = new LinkedHashMap<>();
    for (ManifestEntry e : live.values()) {
      if (e.level() >= 1 && touched.contains(bucketKey(e))) {
        levels
            .computeIfAbsent(bucketKey(e), k -> new TreeMap<>())
            .computeIfAbsent(e.level(), l -> new ArrayList<>())
            .add(keyed(e));
      }
    }
    for (TreeMap<Integer, List<KeyedFile>> bucket : levels.values()) {
      for (List<KeyedFile> level : bucket.values()) {
        level.sort((a, b) -> keyOrder.compare(a.min, b.min));
        for (int i = 1; i < level.size(); i++) {
          KeyedFile a = level.get(i - 1);
          KeyedFile b = level.get(i);
          if (keyOrder.compare(a.max, b.min) >= 0) {
            List<String> names = List.of(a.entry.fileName(), b.entry.fileName());
            throw new ConflictingChangesException(
                Conflict.LSM_OVERLAP,
                "LSM conflicts detected! Files "
                    + names
                    + " of level "
                    + a.entry.level()
                    + " of bucket "
                    + a.entry.bucket()
                    + " in partition "
                    + partitionName(a.entry.partition())
                    + " would overlap in "
                    + where
                    + ": key range "
                    + a.min
                    + ".."
                    + a.max
                    + " and "
                    + b.min
                    + ".."
                    + b.max,
                names);
          }
        }
      }
    }
  }

  private record KeyedFile(ManifestEntry entry, Row min, Row max) {}

  private KeyedFile keyed(ManifestEntry e) {
    return new KeyedFile(
        e,
        BinaryRowCodec.decode(keyType, e.file().minKey()),
        BinaryRowCodec.decode(keyType, e.file().maxKey()));
  }

  private static String bucketKey(ManifestEntry e) {
    return e.partition() + "/" + e.bucket();
  }

  private String describe(ManifestEntry e) {
    String partition = partitionName(e.partition());
    return (partition.isEmpty() ? "" : partition + "/")
        + "bucket-"
        + e.bucket()
        + "/"
        + e.fileName()
        + "@L"
        + e.level();
  }

  private String partitionName(BinaryRow partition) {
    try {
      return locator.partitionPath(partition);
    } catch (RuntimeException e) {
      return partition.toString();
    }
  }
}
