package dev.lakeops.table.write;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.bucket.BucketFunction;
import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.BucketChange.IndexChanges;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.deletion.DeletionVector;
import dev.lakeops.table.lsm.MergeFunction;
import dev.lakeops.table.lsm.MergeFunctions;
import dev.lakeops.table.lsm.aggregate.AggregateMerge;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.IndexFileMeta;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.store.TableStore;
import dev.lakeops.table.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes rows into one table for one commit user (Paimon's {@code TableWrite}): each row goes to
 * the writer of its (partition, bucket), created on first use with the bucket's files of the latest
 * snapshot. {@link #prepareCommit} flushes every writer and returns what they wrote as a {@link
 * ChangeSet} for {@link dev.lakeops.table.commit.TableCommitter}; writers stay open for the next
 * commit. Not thread-safe.
 *
 * <p>Placement follows Paimon exactly ({@code paimon-format.md} §12, §15.6): the partition is the
 * BinaryRow of the partition columns; fixed-bucket tables hash the bucket key with Paimon's bucket
 * function; bucket-unaware append tables ({@code bucket=-1} without primary key) write bucket 0
 * with total buckets -1; dynamic-bucket primary-key tables ({@code bucket=-1}) place keys through
 * Paimon's hash index ({@link DynamicBucketWrite}), with total buckets -1. Postpone buckets and
 * cross-partition upserts (dynamic buckets with a primary key that lacks a partition key) are not
 * supported.
 */
public final class TableWrite implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(TableWrite.class);

  private final TableStore table;
  private final String commitUser;
  private final WriteContext context;
  private final TableSchema schema;
  private final int[] partitionIndexes;
  private final RowType partitionType;
  private final @Nullable BucketFunction buckets;
  private final int totalBuckets;
  private final @Nullable Supplier<MergeFunction> merge;
  private final @Nullable DynamicBucketWrite dynamic;
  private final @Nullable WriteRowKinds rowKinds;
  private final AggregateMerge.@Nullable Spec aggregation;
  private final @Nullable LookupOptions lookup;
  private final Map<WriterKey, BucketWriter> writers = new LinkedHashMap<>();
  private final ChangelogSettings changelog;
  // buckets written or compacted since their last scheduled full compaction
  private final Set<WriterKey> touched = new LinkedHashSet<>();
  private @Nullable Path spillParent;
  private @Nullable Path spillDirectory;
  private @Nullable Long restoredSnapshotId;
  private Map<WriterKey, List<DataFileMeta>> restored = Map.of();
  private @Nullable Snapshot restoredSnapshot;
  private @Nullable RestoredVectors restoredVectors;
  private @Nullable ExecutorService compactionThread;
  private boolean closed;

  private record WriterKey(BinaryRow partition, int bucket) {}

  /**
   * @throws UnsupportedOperationException postpone buckets ({@code bucket=-2}), a dynamic-bucket
   *     table whose primary key lacks a partition key (cross-partition upsert), a merge engine or
   *     merge option lakeops does not write yet, or a lookup-table combination it does not write
   *     yet (see {@link LookupOptions})
   * @throws IllegalArgumentException a {@code dynamic-bucket.*} option is out of range, or merge
   *     options Paimon refuses
   */
  public TableWrite(TableStore table, String commitUser) {
    this.table = requireNonNull(table, "table");
    this.commitUser = requireNonNull(commitUser, "commitUser");
    if (commitUser.isBlank()) {
      throw new IllegalArgumentException("Invalid commit user: empty");
    }
    this.schema = table.schema();
    int bucket = schema.numBuckets();
    if (schema.hasPrimaryKey() && bucket == -2) {
      throw new UnsupportedOperationException(
          "Writing primary-key table "
              + table.name()
              + " with bucket=-2 (postpone bucket mode) is not supported: its rows go to"
              + " bucket-postpone and only Paimon's postpone compaction (a Flink job) assigns"
              + " them buckets; write it with Paimon, or set 'bucket' to a positive number");
    }
    if (schema.hasPrimaryKey()
        && bucket == -1
        && !schema.primaryKeys().containsAll(schema.partitionKeys())) {
      throw new UnsupportedOperationException(
          "Writing primary-key table "
              + table.name()
              + " with bucket=-1 is not supported: its primary key "
              + schema.primaryKeys()
              + " does not contain every partition key "
              + schema.partitionKeys()
              + ", so Paimon upserts across partitions (a key that changes partition is deleted"
              + " from the old one, through a global key index), which lakeops does not"
              + " implement; write it with Paimon, or put the partition keys into the primary key");
    }
    if (schema.hasPrimaryKey() && bucket < 0 && bucket != -1) {
      throw new UnsupportedOperationException(
          "Writing primary-key table "
              + table.name()
              + " with bucket="
              + bucket
              + " is not supported");
    }
    if (!schema.hasPrimaryKey() && bucket == -2) {
      throw new UnsupportedOperationException(
          "Writing append table "
              + table.name()
              + " with bucket=-2 (postpone bucket mode) is not supported");
    }
    this.changelog = ChangelogSettings.of(table.name(), schema);
    this.merge =
        schema.hasPrimaryKey() ? MergeFunctions.of(table.name(), schema, allFields()) : null;
    // deletion vectors, the lookup changelog producer and first-row: readers skip level 0, so
    // every commit compacts it up with lookup (LookupBucketWriter)
    this.lookup =
        schema.hasPrimaryKey() && LookupOptions.needed(schema.tableOptions())
            ? LookupOptions.of(table.name(), schema)
            : null;
    this.rowKinds = schema.hasPrimaryKey() ? WriteRowKinds.of(table.name(), schema) : null;
    this.aggregation =
        schema.hasPrimaryKey() && schema.tableOptions().mergeEngine() == MergeEngine.AGGREGATION
            ? AggregateMerge.spec(table.name(), schema)
            : null;
    this.context = WriteContext.of(table);
    this.partitionType = schema.partitionType();
    this.partitionIndexes =
        schema.partitionKeys().stream().mapToInt(schema.rowType()::indexOf).toArray();
    this.buckets = bucket > 0 ? BucketFunction.of(schema) : null;
    this.totalBuckets = bucket > 0 ? bucket : -1;
    this.dynamic =
        schema.hasPrimaryKey() && bucket == -1
            ? new DynamicBucketWrite(table, schema, context.namer())
            : null;
  }

  /**
   * Spill files of the write buffers go under {@code parent} instead of the system temp directory.
   */
  public TableWrite withSpillDirectory(Path parent) {
    this.spillParent = requireNonNull(parent, "parent");
    return this;
  }

  public String commitUser() {
    return commitUser;
  }

  /**
   * Writes one row of the table's current schema. On primary-key tables its kind (or the value of
   * the {@code rowkind.field} column) decides the change: {@code +I}/{@code +U} upsert, {@code
   * -D}/{@code -U} retract, merged by the table's merge engine; retractions that {@code
   * ignore-delete} or {@code ignore-update-before} ignore are dropped here, as Paimon's writer
   * does.
   *
   * @throws IllegalArgumentException the row does not fit the schema (arity, a value's class, null
   *     in a NOT NULL column), a {@code -D}/{@code -U} row for an append table, a bad {@code
   *     rowkind.field} value, or a retraction the merge engine cannot merge (partial-update without
   *     the options for it)
   * @throws UnsupportedOperationException a {@code -D}/{@code -U} row for an aggregation table with
   *     a column whose aggregate function does not retract
   */
  public void write(Row row) {
    checkOpen();
    if (row.arity() != schema.fields().size()) {
      throw new IllegalArgumentException(
          "Invalid row for table "
              + table.name()
              + ": "
              + row.arity()
              + " values, the table has "
              + schema.fieldNames());
    }
    BinaryRow partition =
        partitionType.arity() == 0
            ? BinaryRow.EMPTY
            : BinaryRowCodec.encode(partitionType, row.project(partitionIndexes));
    if (rowKinds != null) {
      RowKind kind = rowKinds.kindOf(row);
      if (kind == null) {
        return;
      }
      row = row.withKind(kind);
    }
    if (aggregation != null) {
      aggregation.checkWritable(row);
    }
    int bucket =
        dynamic != null
            ? dynamic.bucket(partition, row)
            : buckets == null ? 0 : buckets.bucket(row);
    writer(partition, bucket).write(row);
    touch(partition, bucket);
  }

  private int[] allFields() {
    int[] all = new int[schema.fields().size()];
    for (int i = 0; i < all.length; i++) {
      all[i] = i;
    }
    return all;
  }

  /**
   * Compacts one bucket now, if the table's picker finds something to do (the result goes into the
   * next commit): the universal picker on primary-key tables; on append tables the runs of small
   * files Paimon's append compaction would merge.
   */
  public void compact(BinaryRow partition, int bucket) {
    compact(partition, bucket, CompactionMode.UNIVERSAL, f -> {});
  }

  /**
   * Merges one bucket now (the result goes into the next commit): a primary-key bucket into a
   * single sorted run in the highest level; the small files of an append bucket into files of the
   * target size, as Paimon's full compaction of append tables.
   */
  public void fullCompact(BinaryRow partition, int bucket) {
    compact(partition, bucket, CompactionMode.FULL, f -> {});
  }

  /** Compacts one bucket as {@code mode} says, telling {@code inputDone} of each file rewritten. */
  void compact(
      BinaryRow partition, int bucket, CompactionMode mode, Consumer<DataFileMeta> inputDone) {
    checkOpen();
    writer(partition, bucket).compact(mode, inputDone);
    touch(partition, bucket);
  }

  private void touch(BinaryRow partition, int bucket) {
    if (changelog.fullCompactionDeltaCommits().isPresent()) {
      touched.add(new WriterKey(partition, bucket));
    }
  }

  /**
   * Flushes every writer and returns everything written or compacted since the last call, for
   * commit {@code commitIdentifier} of this commit user. Buckets with no change are left out. On a
   * dynamic-bucket table each bucket that gained key hashes also hands over its new hash index
   * file.
   *
   * <p>With {@code full-compaction.delta-commits} (1 by default with {@code
   * changelog-producer=full-compaction}), a commit whose identifier is a multiple of it first fully
   * compacts every bucket written or compacted since the last such commit, as Paimon's Flink writer
   * does ({@code GlobalFullCompactionSinkWrite}); the compaction and its changelog are part of this
   * change set.
   *
   * @throws dev.lakeops.table.index.HashIndexChangedException dynamic buckets: another writer
   *     committed to a partition's hash index since this write loaded it
   */
  public ChangeSet prepareCommit(long commitIdentifier) {
    return prepareCommit(commitIdentifier, true);
  }

  /**
   * As {@link #prepareCommit(long)}; with {@code waitCompaction} false, as Paimon's streaming write
   * ({@code StreamTableWrite.prepareCommit(false, id)}, what its Flink sink calls at a checkpoint),
   * a primary-key bucket's compaction runs on this write's compaction thread (one, shared by its
   * buckets, as Paimon's) while rows keep coming, and its result is part of the first change set
   * prepared after it finished. Writers still wait where Paimon's do: above {@code
   * num-sorted-run.stop-trigger}, for lookup and deletion-vector tables ({@code lookup-wait}), and
   * for {@code changelog-producer=full-compaction}.
   */
  public ChangeSet prepareCommit(long commitIdentifier, boolean waitCompaction) {
    checkOpen();
    if (!touched.isEmpty() && changelog.fullCompactsAt(commitIdentifier)) {
      for (WriterKey key : touched) {
        writer(key.partition(), key.bucket()).compact(CompactionMode.FULL, f -> {});
      }
      touched.clear();
    }
    Map<WriterKey, IndexFileMeta> indexFiles = new HashMap<>();
    if (dynamic != null) {
      for (IndexManifestEntry e : dynamic.prepareCommit()) {
        indexFiles.put(new WriterKey(e.partition(), e.bucket()), e.indexFile());
      }
    }
    List<BucketChange> changes = new ArrayList<>();
    for (Map.Entry<WriterKey, BucketWriter> w : writers.entrySet()) {
      BucketChange change = w.getValue().prepareCommit(waitCompaction);
      IndexFileMeta index = indexFiles.get(w.getKey());
      if (index != null) {
        change = change.withNewIndexFiles(new IndexChanges(List.of(index), List.of()));
      }
      if (!change.isEmpty()) {
        changes.add(change);
      }
    }
    return new ChangeSet(commitUser, commitIdentifier, changes);
  }

  /** The sorted runs the writer of a primary-key bucket holds now (for tests and diagnostics). */
  int sortedRuns(BinaryRow partition, int bucket) {
    return ((KeyValueBucketWriter) writer(partition, bucket)).levels().numberOfSortedRuns();
  }

  private BucketWriter writer(BinaryRow partition, int bucket) {
    WriterKey key = new WriterKey(partition, bucket);
    BucketWriter w = writers.get(key);
    if (w == null) {
      List<DataFileMeta> files = restore(key);
      if (lookup != null) {
        w =
            new LookupBucketWriter(
                context,
                partition,
                bucket,
                totalBuckets,
                files,
                lookup.deletionVectors() ? restoredVectors(partition, bucket) : null,
                merge,
                this::spillDirectory,
                lookup);
      } else {
        w =
            schema.hasPrimaryKey()
                ? new KeyValueBucketWriter(
                    context,
                    partition,
                    bucket,
                    totalBuckets,
                    files,
                    merge,
                    this::spillDirectory,
                    this::compactionThread)
                : new AppendBucketWriter(context, partition, bucket, totalBuckets, files);
      }
      writers.put(key, w);
    }
    return w;
  }

  // The live files of the latest snapshot by bucket, folded once per snapshot seen: a writer
  // created later in a long-running write sees commits made since.
  private List<DataFileMeta> restore(WriterKey key) {
    Optional<Snapshot> latest = table.snapshotStore().latest();
    if (latest.isEmpty()) {
      return List.of();
    }
    if (restoredSnapshotId == null || restoredSnapshotId != latest.get().id()) {
      Map<WriterKey, List<DataFileMeta>> byBucket = new HashMap<>();
      for (ManifestEntry e : table.snapshotFiles().liveFiles(latest.get()).files()) {
        byBucket
            .computeIfAbsent(new WriterKey(e.partition(), e.bucket()), k -> new ArrayList<>())
            .add(e.file());
      }
      restored = byBucket;
      restoredSnapshotId = latest.get().id();
      restoredSnapshot = latest.get();
      restoredVectors = null;
    }
    return restored.getOrDefault(key, List.of());
  }

  // The deletion vectors of a bucket in the snapshot restore() read the bucket's files from.
  private Map<String, DeletionVector> restoredVectors(BinaryRow partition, int bucket) {
    if (restoredSnapshot == null) {
      return Map.of();
    }
    if (restoredVectors == null) {
      restoredVectors = RestoredVectors.of(table, restoredSnapshot);
    }
    return restoredVectors.ofBucket(partition, bucket);
  }

  private Path spillDirectory() {
    if (spillDirectory == null) {
      try {
        spillDirectory =
            spillParent == null
                ? Files.createTempDirectory("lakeops-spill-")
                : Files.createTempDirectory(Files.createDirectories(spillParent), "lakeops-spill-");
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Failed to create a spill directory under "
                + (spillParent == null ? System.getProperty("java.io.tmpdir") : spillParent),
            e);
      }
    }
    return spillDirectory;
  }

  private Executor compactionThread() {
    if (compactionThread == null) {
      String name = "lakeops-compaction-" + table.name() + "-" + commitUser;
      compactionThread =
          Executors.newSingleThreadExecutor(
              r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
              });
    }
    return compactionThread;
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException(
          "TableWrite of " + table.name() + " for " + commitUser + " is closed");
    }
  }

  /**
   * Drops buffered rows, deletes files not handed over by {@link #prepareCommit}, and the spill
   * directory.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (BucketWriter w : writers.values()) {
      try {
        w.close();
      } catch (RuntimeException e) {
        LOG.warn("Failed to close a bucket writer of {}", table.name(), e);
      }
    }
    writers.clear();
    if (compactionThread != null) {
      compactionThread.shutdown();
    }
    if (spillDirectory != null) {
      try (Stream<Path> files = Files.walk(spillDirectory)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException e) {
        LOG.warn("Failed to delete spill directory {}", spillDirectory, e);
      }
    }
  }
}
