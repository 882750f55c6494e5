package dev.lakeops.table.write;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.lsm.CompactTask;
import dev.lakeops.table.lsm.CompactionPicker;
import dev.lakeops.table.lsm.CompactionResult;
import dev.lakeops.table.lsm.CompactionUnit;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

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
  private final List<DataFileMeta> newChangelog = new ArrayList<>();
  private final List<DataFileMeta> compactChangelog = new ArrayList<>();
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
            producer == ChangelogProducer.INPUT);
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
            (long) (context.targetFileSize() * 0.7),
            producer == ChangelogProducer.FULL_COMPACTION ? changelog : null,
            settings.rowDeduplicate());
    this.universal = UniversalCompaction.of(options);
    this.writeOnly = options.writeOnly();
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
  }

  private void flush() {
    if (buffer.isEmpty()) {
      return;
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
    newChangelog.addAll(inputChangelog);
    newFiles.addAll(flushed);
    levels = levels.apply(LevelEdit.adding(flushed));
  }

  @Override
  public void compact(CompactionPicker picker) {
    flush();
    Optional<CompactionUnit> unit = picker.pick(levels);
    if (unit.isEmpty()) {
      return;
    }
    CompactionResult result = compactTask.run(levels, unit.get());
    levels = levels.apply(result.edit());
    record(result);
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
    compactChangelog.addAll(result.changelog());
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
                newChangelog)
            .withCompactChangelog(compactChangelog);
    newFiles.clear();
    compactBefore.clear();
    compactAfter.clear();
    newChangelog.clear();
    compactChangelog.clear();
    return change;
  }

  @Override
  public boolean isIdle() {
    return buffer.isEmpty()
        && newFiles.isEmpty()
        && compactBefore.isEmpty()
        && compactAfter.isEmpty()
        && newChangelog.isEmpty()
        && compactChangelog.isEmpty();
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
    if (changelog != null) {
      newChangelog.forEach(changelog::delete);
      compactChangelog.forEach(changelog::delete);
    }
    newFiles.clear();
    compactBefore.clear();
    compactAfter.clear();
    newChangelog.clear();
    compactChangelog.clear();
  }

  /** The bucket's files as this writer sees them (for tests and diagnostics). */
  LevelFiles levels() {
    return levels;
  }
}
