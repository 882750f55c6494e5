package dev.lakeops.table.write;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.append.AppendCompactionPicker;
import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.lsm.CompactionPicker;
import dev.lakeops.table.lsm.CompactionUnit;
import dev.lakeops.table.lsm.FullCompaction;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.lsm.LevelFiles;
import dev.lakeops.table.lsm.UniversalCompaction;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.schema.TableOptions;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.store.TableStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compacts the buckets of some partitions of a table and commits the result as one COMPACT
 * snapshot. Primary-key buckets are compacted as their LSM writer would ({@code lsm}); append
 * buckets, and the partitions of bucket-unaware append tables, have their small files merged in
 * sequence order ({@link AppendCompactionPicker}).
 *
 * <p>The inputs of every bucket are planned first, from the latest snapshot, so that progress can
 * be reported against fixed totals.
 */
public final class TableCompaction {

  private final TableStore table;

  public TableCompaction(TableStore table) {
    this.table = table;
  }

  /**
   * {@link #run(String, PartitionFilter, CompactionMode, CompactionListener)} without a listener.
   */
  public CompactionReport run(String commitUser, PartitionFilter partitions, CompactionMode mode) {
    return run(commitUser, partitions, mode, CompactionListener.NONE);
  }

  /**
   * Compacts and commits, telling {@code listener} how far it has got.
   *
   * @throws UnsupportedOperationException an append table with deletion vectors
   * @throws dev.lakeops.table.commit.ConflictingChangesException another writer compacted or
   *     overwrote the same files first; nothing is committed
   */
  public CompactionReport run(
      String commitUser,
      PartitionFilter partitions,
      CompactionMode mode,
      CompactionListener listener) {
    requireNonNull(listener, "listener");
    checkCompactable();
    Map<Map.Entry<BinaryRow, Integer>, List<DataFileMeta>> plan = plan(partitions, mode);
    if (plan.isEmpty()) {
      return new CompactionReport(0, 0, 0, null);
    }
    Progress progress = new Progress(plan, listener);
    try (TableWrite write = new TableWrite(table, commitUser)) {
      for (Map.Entry<Map.Entry<BinaryRow, Integer>, List<DataFileMeta>> b : plan.entrySet()) {
        write.compact(b.getKey().getKey(), b.getKey().getValue(), mode, progress::inputDone);
        progress.bucketDone(b.getValue());
      }
      ChangeSet changes = write.prepareCommit(Snapshot.BATCH_COMMIT_IDENTIFIER);
      if (changes.isEmpty()) {
        return new CompactionReport(0, 0, 0, null);
      }
      CommitResult result = table.newCommit().commit(changes);
      int before = 0;
      int after = 0;
      for (BucketChange c : changes.changes()) {
        before += c.compactBefore().size();
        after += c.compactAfter().size();
      }
      return new CompactionReport(
          changes.changes().size(), before, after, result.lastSnapshot().orElse(null));
    }
  }

  /**
   * @throws UnsupportedOperationException an append table with deletion vectors, which lakeops does
   *     not compact (names the table and the option)
   */
  public void checkCompactable() {
    TableSchema schema = table.schema();
    if (!schema.hasPrimaryKey() && schema.tableOptions().deletionVectorsEnabled()) {
      throw new UnsupportedOperationException(
          "Compaction of append table "
              + table.name()
              + " with '"
              + TableOptions.DELETION_VECTORS_ENABLED
              + "' = true is not supported: the deleted rows and their vectors would have to be"
              + " dropped by the rewrite");
    }
  }

  /**
   * The buckets of the latest snapshot that {@code partitions} matches and that a compaction in
   * {@code mode} has work in, each with the files it reads or moves; empty without a snapshot.
   * Every live file counts, level 0 included: a read plan of a deletion-vector table leaves level 0
   * out, but compaction is what makes it visible.
   */
  public Map<Map.Entry<BinaryRow, Integer>, List<DataFileMeta>> plan(
      PartitionFilter partitions, CompactionMode mode) {
    Optional<Snapshot> latest = table.latestSnapshot();
    Map<Map.Entry<BinaryRow, Integer>, List<DataFileMeta>> plan = new LinkedHashMap<>();
    if (latest.isEmpty()) {
      return plan;
    }
    Map<Map.Entry<BinaryRow, Integer>, List<DataFileMeta>> buckets = new LinkedHashMap<>();
    for (ManifestEntry e : table.snapshotFiles().liveFiles(latest.get()).files()) {
      if (partitions.matches(e.partition())) {
        buckets
            .computeIfAbsent(Map.entry(e.partition(), e.bucket()), k -> new ArrayList<>())
            .add(e.file());
      }
    }
    TableSchema schema = table.schema();
    for (Map.Entry<Map.Entry<BinaryRow, Integer>, List<DataFileMeta>> b : buckets.entrySet()) {
      List<DataFileMeta> inputs = plannedInputs(schema, mode, b.getValue());
      if (!inputs.isEmpty()) {
        plan.put(b.getKey(), inputs);
      }
    }
    return plan;
  }

  /**
   * The files a compaction of one bucket ({@code files}: its live files) reads or moves, as its
   * writer will pick them; empty when it has nothing to do.
   */
  public static List<DataFileMeta> plannedInputs(
      TableSchema schema, CompactionMode mode, List<DataFileMeta> files) {
    TableOptions options = schema.tableOptions();
    if (schema.hasPrimaryKey()) {
      LevelFiles levels =
          LevelFiles.of(new KeyOrder(schema.trimmedPrimaryKeyType()), options.numLevels(), files);
      CompactionPicker picker =
          mode == CompactionMode.FULL ? FullCompaction.INSTANCE : UniversalCompaction.of(options);
      return picker.pick(levels).map(CompactionUnit::files).orElse(List.of());
    }
    AppendCompactionPicker picker = AppendCompactionPicker.of(options);
    List<List<DataFileMeta>> picks;
    if (mode == CompactionMode.FULL) {
      picks = picker.pickFull(files).map(List::of).orElse(List.of());
    } else if (schema.numBuckets() > 0) {
      picks = picker.pickAll(files);
    } else {
      picks = picker.pickUnaware(files);
    }
    return picks.stream().flatMap(List::stream).toList();
  }

  /** Counts files and bytes done against the plan and tells the listener. */
  private static final class Progress {
    private final CompactionListener listener;
    private final int bucketsTotal;
    private final int filesTotal;
    private final long bytesTotal;
    private int bucketsDone;
    private int filesDone;
    private long bytesDone;
    // what the buckets done so far planned: a bucket's own reports never go beyond its plan
    private int filesPlannedDone;
    private long bytesPlannedDone;

    Progress(Map<?, List<DataFileMeta>> plan, CompactionListener listener) {
      this.listener = listener;
      this.bucketsTotal = plan.size();
      this.filesTotal = plan.values().stream().mapToInt(List::size).sum();
      this.bytesTotal =
          plan.values().stream().flatMap(List::stream).mapToLong(DataFileMeta::fileSize).sum();
      report();
    }

    void inputDone(DataFileMeta file) {
      filesDone++;
      bytesDone += file.fileSize();
      report();
    }

    void bucketDone(List<DataFileMeta> inputs) {
      bucketsDone++;
      filesPlannedDone += inputs.size();
      bytesPlannedDone += inputs.stream().mapToLong(DataFileMeta::fileSize).sum();
      filesDone = filesPlannedDone;
      bytesDone = bytesPlannedDone;
      report();
    }

    private void report() {
      listener.onProgress(
          new CompactionProgress(
              bucketsDone,
              bucketsTotal,
              Math.min(filesDone, filesTotal),
              filesTotal,
              Math.min(bytesDone, bytesTotal),
              bytesTotal));
    }
  }
}
