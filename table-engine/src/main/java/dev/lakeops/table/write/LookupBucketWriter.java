package dev.lakeops.table.write;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.deletion.DeletionVector;
import dev.lakeops.table.deletion.DeletionVectorFileWriter;
import dev.lakeops.table.deletion.DeletionVectorMaintainer;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.lsm.CompactionPicker;
import dev.lakeops.table.lsm.CompactionUnit;
import dev.lakeops.table.lsm.ForceUpLevel0Compaction;
import dev.lakeops.table.lsm.FullCompaction;
import dev.lakeops.table.lsm.LevelEdit;
import dev.lakeops.table.lsm.LevelFiles;
import dev.lakeops.table.lsm.MergeFunction;
import dev.lakeops.table.lsm.UniversalCompaction;
import dev.lakeops.table.lsm.lookup.BucketFiles;
import dev.lakeops.table.lsm.lookup.LookupCompactTask;
import dev.lakeops.table.lsm.lookup.LookupLevels;
import dev.lakeops.table.lsm.lookup.ValueEquality;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.meta.IndexFileMeta;
import dev.lakeops.table.read.DataFileAccess;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;

/**
 * The LSM writer of one bucket of a table that needs lookup (Paimon's {@code MergeTreeWriter} with
 * {@code ForceUpLevel0Compaction} and {@code LookupMergeTreeCompactRewriter}): rows are buffered
 * and flushed to level 0 as by {@link KeyValueBucketWriter}, and at every commit level 0 is
 * compacted into a higher level with {@link LookupCompactTask}, so that readers, which skip level 0
 * of such tables, see the rows. The compaction produces the lookup changelog ({@code
 * changelog-producer=lookup}) and, with deletion vectors, marks replaced rows deleted; the bucket's
 * vectors then go into one new index file, committed with the COMPACT snapshot.
 *
 * <p>The compaction runs synchronously in {@link #prepareCommit} ({@code lookup-wait=true}, the
 * default); with {@code write-only} nothing is compacted and new rows stay invisible until a
 * compaction, as in Paimon.
 */
final class LookupBucketWriter implements BucketWriter {

  private final WriteContext context;
  private final BinaryRow partition;
  private final int bucket;
  private final int totalBuckets;
  private final SortBuffer buffer;
  private final KeyValueRollingWriter files;
  private final ChangelogFileWriter changelogFiles;
  private final @Nullable DeletionVectorMaintainer vectors;
  private final LookupLevels lookup;
  private final LookupCompactTask compactTask;
  private final CompactionPicker picker;
  private final boolean writeOnly;
  private LevelFiles levels;
  private long nextSequence;
  private final PendingIncrement pending;

  /**
   * @param restoredVectors the bucket's deletion vectors in the latest snapshot by data file name;
   *     null when the table has no deletion vectors
   */
  LookupBucketWriter(
      WriteContext context,
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> restored,
      @Nullable Map<String, DeletionVector> restoredVectors,
      Supplier<MergeFunction> merge,
      Supplier<Path> spillDirectory,
      LookupOptions lookupOptions) {
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
            spillDirectory);
    this.files = new KeyValueRollingWriter(context, partition, bucket);
    this.changelogFiles = ChangelogFileWriter.of(context, partition, bucket);
    this.pending = new PendingIncrement(files::delete, changelogFiles::delete);
    this.vectors =
        restoredVectors == null
            ? null
            : DeletionVectorMaintainer.of(restoredVectors, lookupOptions.bitmap64());
    BucketFiles bucketFiles = new Files();
    this.lookup = new LookupLevels(context.keyOrder(), bucketFiles, vectors);
    boolean deduplicate =
        options.mergeEngine() == dev.lakeops.table.schema.MergeEngine.DEDUPLICATE
            && options.sequenceFields().isEmpty();
    this.compactTask =
        new LookupCompactTask(
            context.keyOrder(),
            bucketFiles,
            merge,
            lookup,
            vectors,
            new LookupCompactTask.Settings(
                (long) (context.targetFileSize() * 0.7),
                lookupOptions.produceChangelog(),
                lookupOptions.firstRow(),
                deduplicate,
                lookupOptions.rowDeduplicate()
                    ? new ValueEquality(lookupOptions.ignoredFields())
                    : null));
    this.picker =
        new ForceUpLevel0Compaction(UniversalCompaction.of(options), lookupOptions.maxInterval());
    this.writeOnly = options.writeOnly();
  }

  @Override
  public void write(Row row) {
    Row key = context.layout().keyOf(row);
    buffer.add(new KeyValue(key, nextSequence++, row.kind(), row));
  }

  private void flush() {
    if (buffer.isEmpty()) {
      return;
    }
    List<DataFileMeta> flushed;
    try (CloseableIterator<KeyValue> merged = buffer.merged()) {
      flushed = files.write(merged, 0, FileSource.APPEND);
    } finally {
      buffer.clear();
    }
    pending.addFlushed(flushed, List.of());
    levels = levels.apply(LevelEdit.adding(flushed));
  }

  /**
   * Flushes, then compacts what {@code requested} picks; the universal picker of {@link
   * dev.lakeops.table.write.TableWrite#compact} is replaced by the lookup table's own picker, which
   * also lifts level 0.
   */
  @Override
  public void compact(CompactionMode mode, Consumer<DataFileMeta> inputDone) {
    compact(mode == CompactionMode.FULL ? FullCompaction.INSTANCE : picker);
  }

  void compact(CompactionPicker requested) {
    flush();
    CompactionPicker use = requested instanceof UniversalCompaction ? picker : requested;
    Optional<CompactionUnit> unit = use.pick(levels).filter(this::changesSomething);
    LookupCompactTask.Result result;
    if (unit.isPresent()) {
      result = compactTask.run(levels, unit.get());
    } else if (requested == FullCompaction.INSTANCE && !filesWithVectors().isEmpty()) {
      result = compactTask.rewriteFiles(levels, filesWithVectors());
    } else {
      return;
    }
    levels = levels.apply(new LevelEdit(result.before(), result.after()));
    Set<String> live = new HashSet<>();
    for (DataFileMeta f : levels.allFiles()) {
      live.add(f.fileName());
    }
    for (DataFileMeta f : result.before()) {
      if (!live.contains(f.fileName())) {
        lookup.forget(f.fileName());
      }
    }
    pending.addCompaction(result.before(), result.after(), result.changelog());
  }

  // Paimon's MergeTreeCompactManager skips a unit of one file already at the output level
  private boolean changesSomething(CompactionUnit unit) {
    List<DataFileMeta> inputs = unit.files();
    return inputs.size() > 1 || (inputs.size() == 1 && inputs.get(0).level() != unit.outputLevel());
  }

  // A full compaction of a bucket that already is one run in the highest level still rewrites the
  // files that have deletion vectors (Paimon's CompactStrategy.pickFullCompaction), so that the
  // highest level holds no deleted rows
  private List<DataFileMeta> filesWithVectors() {
    int max = levels.maxLevel();
    if (vectors == null || levels.numberOfSortedRuns() != 1 || levels.run(max).isEmpty()) {
      return List.of();
    }
    return levels.run(max).files().stream().filter(f -> vectors.hasVector(f.fileName())).toList();
  }

  @Override
  public BucketChange prepareCommit() {
    if (writeOnly) {
      flush();
    } else {
      compact(picker);
    }
    BucketChange.IndexChanges index = BucketChange.IndexChanges.NONE;
    if (vectors != null) {
      Optional<DeletionVectorFileWriter.Written> written = vectors.writeIfModified();
      if (written.isPresent()) {
        index = new BucketChange.IndexChanges(List.of(writeIndexFile(written.get())), List.of());
      }
    }
    return pending.drain(partition, bucket, totalBuckets, index);
  }

  private IndexFileMeta writeIndexFile(DeletionVectorFileWriter.Written written) {
    String name = context.namer().nextIndexFile();
    Path path = context.table().paths().indexFile(name);
    context.table().io().mkdirs(path.getParent());
    context.table().io().createExclusively(path, written.bytes());
    return IndexFileMeta.deletionVectors(name, written.bytes().length, written.ranges());
  }

  @Override
  public boolean isIdle() {
    return buffer.isEmpty() && pending.isEmpty() && (vectors == null || !vectors.isModified());
  }

  @Override
  public void close() {
    buffer.clear();
    pending.discard();
  }

  /** The bucket's files as this writer sees them (for tests and diagnostics). */
  LevelFiles levels() {
    return levels;
  }

  /** The data files of the bucket as the lookup compaction reads and writes them. */
  private final class Files implements BucketFiles {
    private final DataFileAccess access = new DataFileAccess(context.table());
    private final int[] allColumns = IntStream.range(0, context.schema().fields().size()).toArray();

    @Override
    public CloseableIterator<KeyValue> open(DataFileMeta file) {
      return access.keyValues(partition, bucket, file, allColumns);
    }

    @Override
    public List<DataFileMeta> writeCompacted(Iterator<KeyValue> records, int level) {
      return files.writeCompacted(records, level);
    }

    @Override
    public List<DataFileMeta> writeChangelog(Iterator<KeyValue> records, int level) {
      return changelogFiles.write(records, level);
    }
  }
}
