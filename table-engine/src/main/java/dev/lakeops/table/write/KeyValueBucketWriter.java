package dev.lakeops.table.write;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.lsm.CompactTask;
import dev.lakeops.table.lsm.CompactionPicker;
import dev.lakeops.table.lsm.CompactionResult;
import dev.lakeops.table.lsm.CompactionUnit;
import dev.lakeops.table.lsm.FullCompaction;
import dev.lakeops.table.lsm.LevelEdit;
import dev.lakeops.table.lsm.LevelFiles;
import dev.lakeops.table.lsm.MergeFunction;
import dev.lakeops.table.lsm.UniversalCompaction;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.read.ConcatIterator;
import dev.lakeops.table.read.DataFileAccess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The LSM writer of one primary-key bucket (Paimon's {@code MergeTreeWriter}): rows get the next
 * sequence number and go to the sort buffer; a flush writes them, merged to one record per key, as
 * level-0 files; after each flush for a commit the universal picker decides on a compaction, run
 * synchronously. The bucket's files (its {@link LevelFiles}) are restored from the latest snapshot
 * when the writer is created and kept up to date with its own flushes and compactions.
 *
 * <p>Changes are handed over per commit as Paimon's writer does: new level-0 files, and the
 * compaction's before/after files. A file written and compacted away within one commit interval is
 * still committed and then deleted by the COMPACT snapshot; an intermediate compaction output that
 * a later compaction of the same interval consumed is deleted at once.
 */
final class KeyValueBucketWriter implements BucketWriter {

  private final WriteContext context;
  private final BinaryRow partition;
  private final int bucket;
  private final int totalBuckets;
  private final SortBuffer buffer;
  private final KeyValueRollingWriter files;
  private final CompactTask compactTask;
  private final UniversalCompaction universal;
  private final boolean writeOnly;
  private final int stopTrigger;
  private LevelFiles levels;
  private long nextSequence;
  private final List<DataFileMeta> newFiles = new ArrayList<>();
  private final Map<String, DataFileMeta> compactBefore = new LinkedHashMap<>();
  private final List<DataFileMeta> compactAfter = new ArrayList<>();

  KeyValueBucketWriter(
      WriteContext context,
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> restored,
      Supplier<MergeFunction> merge,
      Supplier<Path> spillDirectory) {
    this.context = context;
    this.partition = partition;
    this.bucket = bucket;
    this.totalBuckets = totalBuckets;
    var options = context.schema().tableOptions();
    this.levels = LevelFiles.of(context.keyOrder(), options.numLevels(), restored);
    this.nextSequence = levels.maxSequenceNumber().orElse(-1) + 1;
    this.buffer =
        new SortBuffer(
            context.layout(),
            context.keyOrder(),
            merge,
            options.writeBufferSize().bytes(),
            spillDirectory,
            options.writeBufferSpillable());
    this.files = new KeyValueRollingWriter(context, partition, bucket);
    DataFileAccess access = new DataFileAccess(context.table());
    int[] allColumns =
        java.util.stream.IntStream.range(0, context.schema().fields().size()).toArray();
    this.compactTask =
        new CompactTask(
            context.keyOrder(),
            run ->
                new ConcatIterator<>(
                    run.files(), f -> access.keyValues(partition, bucket, f, allColumns)),
            files,
            merge,
            (long) (context.targetFileSize() * 0.7));
    this.universal = UniversalCompaction.of(options);
    this.writeOnly = options.writeOnly();
    this.stopTrigger = options.numSortedRunStopTrigger();
  }

  @Override
  public void write(Row row) {
    Row key = context.layout().keyOf(row);
    buffer.add(new KeyValue(key, nextSequence++, row.kind(), row));
    if (buffer.isFull()) {
      flush();
    }
  }

  // Paimon's MergeTreeWriter waits for the running compaction before a flush while the bucket has
  // more sorted runs than num-sorted-run.stop-trigger. Compaction being synchronous here, it runs
  // instead: before the flush when the flush would go above the trigger, and after it when its
  // files did. Flushes between commits compact only then; the commit compacts as the picker says.
  // With write-only nothing is compacted and nothing waits, as in Paimon.
  private void flush() {
    if (buffer.isEmpty()) {
      return;
    }
    if (!writeOnly) {
      compactWhileMoreRunsThan(stopTrigger - 1);
    }
    List<DataFileMeta> flushed;
    try (CloseableIterator<KeyValue> merged = buffer.merged()) {
      flushed = files.write(merged, 0, FileSource.APPEND);
    } finally {
      buffer.clear();
    }
    newFiles.addAll(flushed);
    levels = levels.apply(LevelEdit.adding(flushed));
    if (!writeOnly) {
      compactWhileMoreRunsThan(stopTrigger);
    }
  }

  private void compactWhileMoreRunsThan(int maxRuns) {
    while (levels.numberOfSortedRuns() > maxRuns) {
      int before = levels.numberOfSortedRuns();
      if (!compactLevels(universal) || levels.numberOfSortedRuns() >= before) {
        return;
      }
    }
  }

  @Override
  public void compact(CompactionMode mode, Consumer<DataFileMeta> inputDone) {
    compact(mode == CompactionMode.FULL ? FullCompaction.INSTANCE : universal);
  }

  void compact(CompactionPicker picker) {
    flush();
    compactLevels(picker);
  }

  /** Runs what {@code picker} picks, if anything; whether it did. */
  private boolean compactLevels(CompactionPicker picker) {
    Optional<CompactionUnit> unit = picker.pick(levels);
    if (unit.isEmpty()) {
      return false;
    }
    CompactionResult result = compactTask.run(levels, unit.get());
    levels = levels.apply(result.edit());
    record(result);
    return true;
  }

  // Mirrors Paimon's MergeTreeWriter.updateCompactResult: an input that is an output of an earlier
  // compaction of this interval was never committed and goes away now, unless it is an upgraded
  // file
  // (the same file at two levels) that earlier or later snapshots still need.
  private void record(CompactionResult result) {
    Set<String> afterNames = new HashSet<>();
    for (DataFileMeta f : result.after()) {
      afterNames.add(f.fileName());
    }
    for (DataFileMeta f : result.before()) {
      if (compactAfter.remove(f)) {
        if (!compactBefore.containsKey(f.fileName()) && !afterNames.contains(f.fileName())) {
          files.delete(f);
        }
      } else {
        compactBefore.put(f.fileName(), f);
      }
    }
    compactAfter.addAll(result.after());
  }

  @Override
  public BucketChange prepareCommit() {
    if (writeOnly) {
      flush();
    } else {
      compact(universal);
    }
    BucketChange change =
        new BucketChange(
            partition,
            bucket,
            totalBuckets,
            newFiles,
            new ArrayList<>(compactBefore.values()),
            compactAfter,
            List.of());
    newFiles.clear();
    compactBefore.clear();
    compactAfter.clear();
    return change;
  }

  @Override
  public boolean isIdle() {
    return buffer.isEmpty()
        && newFiles.isEmpty()
        && compactBefore.isEmpty()
        && compactAfter.isEmpty();
  }

  @Override
  public void close() {
    buffer.clear();
    Set<String> keep = new HashSet<>(compactBefore.keySet());
    for (DataFileMeta f : newFiles) {
      files.delete(f);
    }
    for (DataFileMeta f : compactAfter) {
      if (!keep.contains(f.fileName())) {
        files.delete(f);
      }
    }
    newFiles.clear();
    compactBefore.clear();
    compactAfter.clear();
  }

  /** The bucket's files as this writer sees them (for tests and diagnostics). */
  LevelFiles levels() {
    return levels;
  }
}
