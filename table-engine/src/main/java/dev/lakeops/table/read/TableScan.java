package dev.lakeops.table.read;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.commit.SnapshotFiles;
import dev.lakeops.table.deletion.DeletionFile;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.LiveFiles;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.ManifestFileMeta;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.schema.ChangelogProducer;
import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.store.TableStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Plans a read of one table: which snapshot (time travel), which files (pruning), grouped into one
 * {@link DataSplit} per (partition, bucket) ({@code paimon-format.md} §8). Immutable: each {@code
 * with...} returns a new scan.
 *
 * <p>Each split carries the deletion vectors that the snapshot's index manifest holds for its
 * files; {@link TableRead} skips the rows they mark. On primary-key tables with {@code
 * deletion-vectors.enabled}, level-0 files are not read, as in Paimon.
 *
 * <p>A filter prunes in four steps, each only ruling out files that cannot hold a matching row:
 * manifests by their partition statistics; entries by partition value and by bucket (when the
 * filter fixes every bucket-key column with {@code =} or {@code IN}); files by key statistics;
 * then, on primary-key tables, a whole bucket when none of its files' value statistics match (a
 * single file cannot be dropped by value: it may hold the newest version of a key whose older
 * version matches), on append tables each file by its value statistics. Pruning is an optimization
 * only: {@link TableRead} applies the filter to every row it returns.
 */
public final class TableScan {

  private final TableStore table;
  private final ScanTarget target;
  private final @Nullable Predicate filter;
  private final @Nullable PartitionFilter partitions;
  private final @Nullable Integer bucket;

  private TableScan(
      TableStore table,
      ScanTarget target,
      @Nullable Predicate filter,
      @Nullable PartitionFilter partitions,
      @Nullable Integer bucket) {
    this.table = table;
    this.target = target;
    this.filter = filter;
    this.partitions = partitions;
    this.bucket = bucket;
  }

  public static TableScan of(TableStore table) {
    return new TableScan(requireNonNull(table, "table"), ScanTarget.LATEST, null, null, null);
  }

  /** Reads the snapshot {@code target} names instead of the latest. */
  public TableScan withTarget(ScanTarget value) {
    return new TableScan(table, requireNonNull(value, "target"), filter, partitions, bucket);
  }

  public TableScan withSnapshot(long snapshotId) {
    return withTarget(new ScanTarget.SnapshotId(snapshotId));
  }

  public TableScan withTag(String tagName) {
    return withTarget(new ScanTarget.TagName(tagName));
  }

  public TableScan withTimestampMillis(long millis) {
    return withTarget(new ScanTarget.TimestampMillis(millis));
  }

  /**
   * Applies Paimon's scan options {@code scan.snapshot-id}, {@code scan.tag-name}, {@code
   * scan.timestamp-millis}; unrelated keys are ignored.
   *
   * @throws IllegalArgumentException conflicting or malformed values
   */
  public TableScan withOptions(Map<String, String> options) {
    return ScanTarget.fromOptions(options).map(this::withTarget).orElse(this);
  }

  public TableScan withFilter(Predicate value) {
    return new TableScan(table, target, requireNonNull(value, "filter"), partitions, bucket);
  }

  public TableScan withPartitionFilter(PartitionFilter value) {
    return new TableScan(table, target, filter, requireNonNull(value, "partitions"), bucket);
  }

  public TableScan withBucket(int value) {
    if (value < 0) {
      throw new IllegalArgumentException("Invalid bucket: " + value + " (must be >= 0)");
    }
    return new TableScan(table, target, filter, partitions, value);
  }

  /**
   * The snapshot this scan reads, without planning its files; empty for a table with no snapshot.
   *
   * @throws SnapshotNotFoundException the target snapshot or tag does not exist
   */
  public Optional<Snapshot> resolveSnapshot() {
    return new SnapshotResolver(table).resolve(target);
  }

  /**
   * The splits of the target snapshot.
   *
   * @throws SnapshotNotFoundException the target snapshot or tag does not exist
   * @throws dev.lakeops.table.meta.CorruptManifestException a manifest does not decode; names the
   *     file
   */
  public ScanPlan plan() {
    Optional<Snapshot> snapshot = new SnapshotResolver(table).resolve(target);
    if (snapshot.isEmpty()) {
      return ScanPlan.empty();
    }
    Pruning pruning = new Pruning(table, filter);
    SnapshotFiles files = table.snapshotFiles();
    List<String> manifests = new ArrayList<>();
    for (String list :
        List.of(snapshot.get().baseManifestList(), snapshot.get().deltaManifestList())) {
      for (ManifestFileMeta manifest : files.manifestList(list)) {
        if (pruning.manifestMightMatch(manifest)) {
          manifests.add(manifest.fileName());
        }
      }
    }
    // Read in parallel, folded in list order: a DELETE entry must meet the ADD it cancels first.
    LiveFiles live = new LiveFiles();
    for (List<ManifestEntry> manifest : files.manifests(manifests, manifestParallelism())) {
      List<ManifestEntry> entries = new ArrayList<>();
      for (ManifestEntry e : manifest) {
        if (entryMatches(e, pruning)) {
          entries.add(e);
        }
      }
      live.apply(entries);
    }
    ReadMode mode = table.hasPrimaryKey() ? ReadMode.MERGE : ReadMode.CONCAT;
    List<ManifestEntry> liveFiles = live.files();
    if (mode == ReadMode.MERGE
        && (table.options().deletionVectorsEnabled()
            || table.options().mergeEngine() == MergeEngine.FIRST_ROW)) {
      // paimon-format.md §8.4: with deletion vectors, readers skip level 0 (not yet compacted, so
      // not yet visible) and read the levels >= 1 minus the rows the vectors mark. After the
      // vectors, each key is left in at most one file, so the merge reads each section as is.
      // Paimon's batch scan skips level 0 on first-row tables too (batchScanSkipLevel0).
      liveFiles = liveFiles.stream().filter(e -> e.level() > 0).toList();
    }
    DeletionFiles deletions =
        liveFiles.isEmpty() ? DeletionFiles.none() : DeletionFiles.of(table, snapshot.get());
    List<DataSplit> splits = new ArrayList<>();
    for (List<ManifestEntry> group : groupByBucket(liveFiles).values()) {
      List<DataFileMeta> kept = pruning.filesOfBucket(group, mode);
      if (!kept.isEmpty()) {
        ManifestEntry first = group.get(0);
        splits.add(
            new DataSplit(
                snapshot.get().id(),
                first.partition(),
                first.bucket(),
                first.totalBuckets(),
                ordered(kept, mode),
                mode,
                deletionFilesOf(kept, deletions.ofBucket(first.partition(), first.bucket()))));
      }
    }
    return new ScanPlan(snapshot.get(), splits);
  }

  /**
   * Manifests read at a time: {@code scan.manifest.parallelism}, else one on the local disk (a read
   * there costs no round trip) and {@value #STORE_MANIFEST_PARALLELISM} on a store.
   */
  private int manifestParallelism() {
    return table
        .options()
        .scanManifestParallelism(table.io().isLocal() ? 1 : STORE_MANIFEST_PARALLELISM);
  }

  private static final int STORE_MANIFEST_PARALLELISM = 16;

  /**
   * The files added by the APPEND snapshots in ({@code fromExclusive}, {@code toInclusive}], read
   * without merging (Paimon's {@code incremental-between} with the default delta scan mode): every
   * record those commits wrote, retractions included, with its row kind. COMPACT and OVERWRITE
   * snapshots add nothing new and are skipped. A table with a changelog producer ({@code
   * changelog-producer} not {@code none}) reads the changelog files of every snapshot in the range
   * instead, as Paimon's {@code auto} scan mode does. Deletion vectors are not applied to the delta
   * (Paimon does not either), and on a primary-key table with deletion vectors and no changelog
   * producer the level-0 delta files are not read, as in a full read.
   *
   * @throws IllegalArgumentException {@code fromExclusive} is negative or after {@code toInclusive}
   * @throws SnapshotNotFoundException a snapshot in the range does not exist
   */
  public ScanPlan planIncremental(long fromExclusive, long toInclusive) {
    if (fromExclusive < 0 || fromExclusive > toInclusive) {
      throw new IllegalArgumentException(
          "Invalid incremental range ("
              + fromExclusive
              + ", "
              + toInclusive
              + "]: the start must be >= 0 and not after the end");
    }
    SnapshotResolver resolver = new SnapshotResolver(table);
    Pruning pruning = new Pruning(table, filter);
    List<ManifestEntry> added = new ArrayList<>();
    Snapshot end = null;
    boolean changelog = table.options().changelogProducer() != ChangelogProducer.NONE;
    // as in a full read, a primary-key table with deletion vectors does not read level 0, which is
    // where every delta file lands: Paimon 1.3 reads such a table's delta as empty
    // (measured: first-row tables too, whose delta reads as empty in Paimon 1.3 as well)
    boolean skipLevelZero =
        !changelog
            && table.hasPrimaryKey()
            && (table.options().deletionVectorsEnabled()
                || table.options().mergeEngine() == MergeEngine.FIRST_ROW);
    for (long id = fromExclusive + 1; id <= toInclusive; id++) {
      Snapshot s = resolver.load(id);
      end = s;
      if (!changelog && s.commitKind() != CommitKind.APPEND) {
        continue;
      }
      List<ManifestEntry> entries =
          changelog
              ? table.snapshotFiles().changelogEntries(s)
              : table.snapshotFiles().deltaEntries(s);
      for (ManifestEntry e : entries) {
        if (e.kind() == FileKind.ADD
            && !(skipLevelZero && e.level() == 0)
            && entryMatches(e, pruning)) {
          added.add(e);
        }
      }
    }
    if (end == null) {
      return new ScanPlan(fromExclusive == 0 ? null : resolver.load(fromExclusive), List.of());
    }
    List<DataSplit> splits = new ArrayList<>();
    for (List<ManifestEntry> group : groupByBucket(added).values()) {
      List<DataFileMeta> kept = pruning.filesOfBucket(group, ReadMode.CONCAT);
      if (!kept.isEmpty()) {
        ManifestEntry first = group.get(0);
        splits.add(
            new DataSplit(
                end.id(),
                first.partition(),
                first.bucket(),
                first.totalBuckets(),
                // a changelog is read in commit order: a full-compaction changelog file holds -U
                // records with old sequence numbers, so sequence order is not commit order
                changelog ? kept : ordered(kept, ReadMode.CONCAT),
                ReadMode.CONCAT));
      }
    }
    return new ScanPlan(end, splits);
  }

  private boolean entryMatches(ManifestEntry e, Pruning pruning) {
    // a postpone-bucket table (bucket=-2) reads real buckets only, as Paimon's batch scan: rows in
    // bucket-postpone become visible once its compaction has moved them into a bucket
    if (e.bucket() < 0 && table.schema().numBuckets() == POSTPONE_BUCKET) {
      return false;
    }
    if (bucket != null && e.bucket() != bucket) {
      return false;
    }
    if (partitions != null && !partitions.matches(e.partition())) {
      return false;
    }
    return pruning.entryMightMatch(e);
  }

  private static final int POSTPONE_BUCKET = -2;

  private record BucketKey(BinaryRow partition, int bucket) {}

  private static Map<BucketKey, List<ManifestEntry>> groupByBucket(List<ManifestEntry> entries) {
    Map<BucketKey, List<ManifestEntry>> groups = new LinkedHashMap<>();
    for (ManifestEntry e : entries) {
      groups
          .computeIfAbsent(new BucketKey(e.partition(), e.bucket()), k -> new ArrayList<>())
          .add(e);
    }
    return groups;
  }

  private static Map<String, DeletionFile> deletionFilesOf(
      List<DataFileMeta> files, Map<String, DeletionFile> ofBucket) {
    if (ofBucket.isEmpty()) {
      return Map.of();
    }
    Map<String, DeletionFile> kept = new java.util.HashMap<>();
    for (DataFileMeta f : files) {
      DeletionFile d = ofBucket.get(f.fileName());
      if (d != null) {
        kept.put(f.fileName(), d);
      }
    }
    return kept;
  }

  private static List<DataFileMeta> ordered(List<DataFileMeta> files, ReadMode mode) {
    if (mode == ReadMode.MERGE) {
      return files;
    }
    List<DataFileMeta> sorted = new ArrayList<>(files);
    sorted.sort(
        Comparator.comparingLong(DataFileMeta::minSequenceNumber)
            .thenComparing(DataFileMeta::fileName));
    return sorted;
  }
}
