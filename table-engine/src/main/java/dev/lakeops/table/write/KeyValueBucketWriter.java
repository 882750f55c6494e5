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
import dev.lakeops.table.schema.ChangelogProducer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The LSM writer of one primary-key bucket (Paimon's {@code MergeTreeWriter}): rows get the next
 * sequence number and go to the sort buffer; a flush writes them, merged to one record per key, as
 * level-0 files; after each flush for a commit the universal picker decides on a compaction, run
 * synchronously by {@link #prepareCommit()} or, by {@link #prepareCommit(boolean)
 * prepareCommit(false)}, on the table write's compaction thread while rows keep coming, its result
 * handed over with the first commit after it finished (Paimon's streaming write). The bucket's
 * files (its {@link LevelFiles}) are restored from the latest snapshot when the writer is created
 * and kept up to date with its own flushes and compactions.
 *
 * <p>Changes are handed over per commit as Paimon's writer does: new level-0 files, and the
 * compaction's before/after files. A file written and compacted away within one commit interval is
 * still committed and then deleted by the COMPACT snapshot; an intermediate compaction output that
 * a later compaction of the same interval consumed is deleted at once.
 *
 * <p>Changelog ({@code changelog-producer}), as Paimon's writer: with {@code input} each flush also
 * writes every buffered record, unmerged and sorted by (key, sequence number), to level-0 changelog
 * files handed over with the new files; with {@code full-compaction} a compaction into the highest
 * level writes the changelog of what changed since the last one (see {@link CompactTask}), handed
 * over with the compaction.
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
  private final ChangelogProducer producer;
  private final boolean ignoreDelete;
  private final @Nullable ChangelogFileWriter changelog;
  private final int stopTrigger;
  private final Supplier<Executor> compactionThread;
  private LevelFiles levels;
  private long nextSequence;
  private final PendingIncrement pending;
  // the compaction running on the compaction thread, if any; its input files stay in levels until
  // its result is applied, and no other compaction starts before that
  private @Nullable FutureTask<CompactionResult> running;

  KeyValueBucketWriter(
      WriteContext context,
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> restored,
      Supplier<MergeFunction> merge,
      Supplier<Path> spillDirectory,
      Supplier<Executor> compactionThread) {
    this.context = context;
    this.compactionThread = compactionThread;
    this.partition = partition;
    this.bucket = bucket;
    this.totalBuckets = totalBuckets;
    var options = context.schema().tableOptions();
    this.levels = LevelFiles.of(context.keyOrder(), options.numLevels(), restored);
    this.nextSequence = levels.maxSequenceNumber().orElse(-1) + 1;
    ChangelogSettings settings = ChangelogSettings.of(context.table().name(), context.schema());
    this.producer = settings.producer();
    this.ignoreDelete = options.ignoreDelete();
    this.changelog =
        producer == ChangelogProducer.NONE
            ? null
            : ChangelogFileWriter.of(context, partition, bucket);
    this.buffer =
        new SortBuffer(
            context.layout(),
            context.keyOrder(),
            merge,
            options.writeBufferSize().bytes(),
            spillDirectory,
            producer == ChangelogProducer.INPUT,
            options.writeBufferSpillable());
    this.files = new KeyValueRollingWriter(context, partition, bucket);
    this.pending =
        new PendingIncrement(files::delete, changelog == null ? f -> {} : changelog::delete);
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
            (long) (context.targetFileSize() * 0.7),
            producer == ChangelogProducer.FULL_COMPACTION ? changelog : null,
            settings.rowDeduplicate());
    this.universal = UniversalCompaction.of(options);
    this.writeOnly = options.writeOnly();
    this.stopTrigger = options.numSortedRunStopTrigger();
  }

  @Override
  public void write(Row row) {
    if (ignoreDelete && !row.kind().isAdd() && producer == ChangelogProducer.INPUT) {
      // Paimon's writer drops retractions of an ignore-delete table before they are buffered, so
      // they never reach the input changelog
      return;
    }
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
    if (!writeOnly && levels.numberOfSortedRuns() > stopTrigger - 1) {
      awaitRunning();
      compactWhileMoreRunsThan(stopTrigger - 1);
    }
    List<DataFileMeta> flushed;
    List<DataFileMeta> inputChangelog = List.of();
    try {
      if (producer == ChangelogProducer.INPUT) {
        try (CloseableIterator<KeyValue> all = buffer.sorted()) {
          inputChangelog = changelog.write(all, 0);
        }
      }
      try (CloseableIterator<KeyValue> merged = buffer.merged()) {
        flushed = files.write(merged, 0, FileSource.APPEND);
      }
    } catch (RuntimeException e) {
      inputChangelog.forEach(changelog::delete);
      throw e;
    } finally {
      buffer.clear();
    }
    pending.addFlushed(flushed, inputChangelog);
    levels = levels.apply(LevelEdit.adding(flushed));
    if (!writeOnly && levels.numberOfSortedRuns() > stopTrigger) {
      awaitRunning();
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
    awaitRunning();
    compactLevels(picker);
  }

  /** Runs what {@code picker} picks, if anything; whether it did. No compaction may be running. */
  private boolean compactLevels(CompactionPicker picker) {
    Optional<CompactionUnit> unit = picker.pick(levels);
    if (unit.isEmpty()) {
      return false;
    }
    CompactionResult result = compactTask.run(levels, unit.get());
    levels = levels.apply(result.edit());
    pending.addCompaction(result.before(), result.after(), result.changelog());
    return true;
  }

  @Override
  public BucketChange prepareCommit() {
    return prepareCommit(true);
  }

  /**
   * With {@code waitCompaction} false, as Paimon's streaming write: the result of a compaction that
   * finished is taken, and when none is running the picker's next one starts in the background. The
   * full-compaction changelog producer always compacts here, so that its changelog follows the
   * commits it describes.
   */
  @Override
  public BucketChange prepareCommit(boolean waitCompaction) {
    if (writeOnly) {
      flush();
    } else if (waitCompaction || producer == ChangelogProducer.FULL_COMPACTION) {
      compact(universal);
    } else {
      flush();
      takeFinished();
      if (running == null) {
        startInBackground();
      }
    }
    return pending.drain(partition, bucket, totalBuckets, BucketChange.IndexChanges.NONE);
  }

  private void startInBackground() {
    Optional<CompactionUnit> unit = universal.pick(levels);
    if (unit.isEmpty()) {
      return;
    }
    LevelFiles input = levels;
    FutureTask<CompactionResult> task = new FutureTask<>(() -> compactTask.run(input, unit.get()));
    running = task;
    compactionThread.get().execute(task);
  }

  /** Applies the running compaction's result if it finished; fails as it failed. */
  private void takeFinished() {
    if (running != null && running.isDone()) {
      awaitRunning();
    }
  }

  /** Waits for the running compaction, if any, and applies its result. */
  private void awaitRunning() {
    FutureTask<CompactionResult> task = running;
    if (task == null) {
      return;
    }
    running = null;
    CompactionResult result;
    try {
      result = task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running = task;
      throw new IllegalStateException(
          "Interrupted while waiting for the compaction of "
              + context.table().name()
              + " bucket "
              + bucket,
          e);
    } catch (ExecutionException | CancellationException e) {
      Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(
          "Compaction of " + context.table().name() + " bucket " + bucket + " failed", cause);
    }
    levels = levels.apply(result.edit());
    pending.addCompaction(result.before(), result.after(), result.changelog());
  }

  @Override
  public boolean isIdle() {
    return buffer.isEmpty() && pending.isEmpty() && running == null;
  }

  @Override
  public void close() {
    buffer.clear();
    try {
      // let a background compaction finish so that its output is deleted with the rest
      awaitRunning();
    } catch (RuntimeException e) {
      // its failure is not this close's; files it wrote before failing are left for orphan
      // clean-up, as a failed synchronous compaction leaves them (CompactTask says which)
    } finally {
      pending.discard();
    }
  }

  /** The bucket's files as this writer sees them (for tests and diagnostics). */
  LevelFiles levels() {
    return levels;
  }
}
