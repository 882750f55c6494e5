package dev.lakeops.table.write;

import dev.lakeops.table.append.AppendCompactionPicker;
import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.AppendFileWriter;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.read.DataFileAccess;
import dev.lakeops.table.schema.TableOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writer of one append-table bucket (Paimon's {@code AppendOnlyWriter}): rows go straight into
 * the current data file, in arrival order, each with the next sequence number; a new file starts at
 * {@code target-file-size} and at each commit.
 *
 * <p>Compaction (source: Paimon {@code BucketedAppendCompactManager}): the bucket's files wait in
 * sequence order; a pick of {@link AppendCompactionPicker} is read file after file in that order
 * and rewritten into files of the target size whose rows are numbered from the first input's
 * sequence number, so readers see the rows in the same order as before. The outputs are level-0
 * files of source COMPACT; the last one goes back into the queue when it is still small. A
 * fixed-bucket writer compacts at each commit unless {@code write-only}; a bucket-unaware writer
 * never does by itself (Paimon leaves that to a dedicated compaction), only when asked through
 * {@link #compact}.
 *
 * <p>Tables with deletion vectors are not compacted: the rewrite would have to drop the deleted
 * rows and the vectors with them, which the commit of a bucket change cannot express yet.
 */
final class AppendBucketWriter implements BucketWriter {

  private static final Logger LOG = LoggerFactory.getLogger(AppendBucketWriter.class);

  private final WriteContext context;
  private final BinaryRow partition;
  private final int bucket;
  private final int totalBuckets;
  private final AppendCompactionPicker picker;
  private final boolean autoCompact;
  private final boolean deletionVectors;
  private final List<DataFileMeta> newFiles = new ArrayList<>();
  private final TreeSet<DataFileMeta> queue = new TreeSet<>(AppendCompactionPicker.SEQUENCE_ORDER);
  private final Map<String, DataFileMeta> compactBefore = new LinkedHashMap<>();
  private final List<DataFileMeta> compactAfter = new ArrayList<>();
  private AppendFileWriter current;
  private long nextSequence;

  AppendBucketWriter(
      WriteContext context,
      BinaryRow partition,
      int bucket,
      int totalBuckets,
      List<DataFileMeta> restored) {
    this.context = context;
    this.partition = partition;
    this.bucket = bucket;
    this.totalBuckets = totalBuckets;
    TableOptions options = context.schema().tableOptions();
    this.picker = AppendCompactionPicker.of(options);
    this.deletionVectors = options.deletionVectorsEnabled();
    this.autoCompact = totalBuckets > 0 && !options.writeOnly() && !deletionVectors;
    this.queue.addAll(restored);
    this.nextSequence =
        restored.stream().mapToLong(DataFileMeta::maxSequenceNumber).max().orElse(-1) + 1;
  }

  @Override
  public void write(Row row) {
    if (current == null) {
      current = newFile(nextSequence);
    }
    current.write(row);
    if (current.bytesWritten() >= context.targetFileSize()) {
      roll();
    }
  }

  private AppendFileWriter newFile(long firstSequence) {
    Path path = context.table().locator().file(partition, bucket, context.nextDataFileName());
    context.table().io().mkdirs(path.getParent());
    return AppendFileWriter.create(
        context.table().io(),
        context.format(),
        path,
        context.schema().rowType(),
        context.compression(),
        context.statsMode(),
        firstSequence);
  }

  private void roll() {
    if (current == null) {
      return;
    }
    nextSequence = current.nextSequenceNumber();
    DataFileMeta file =
        DataFileMetas.appendFile(
            current.complete(), context.schema().rowType(), context.schema().id());
    newFiles.add(file);
    queue.add(file);
    current = null;
  }

  @Override
  public void compact(CompactionMode mode, Consumer<DataFileMeta> inputDone) {
    if (deletionVectors) {
      throw new UnsupportedOperationException(
          "Compaction of append table "
              + context.table().name()
              + " with '"
              + TableOptions.DELETION_VECTORS_ENABLED
              + "' = true is not supported: the deleted rows and their vectors would have to be"
              + " dropped by the rewrite");
    }
    roll();
    List<DataFileMeta> files = List.copyOf(queue);
    List<List<DataFileMeta>> picks;
    if (mode == CompactionMode.FULL) {
      picks = picker.pickFull(files).map(List::of).orElse(List.of());
    } else if (totalBuckets > 0) {
      picks = picker.pickAll(files);
    } else {
      picks = picker.pickUnaware(files);
    }
    for (List<DataFileMeta> pick : picks) {
      rewrite(pick, inputDone);
    }
  }

  /**
   * The rows of {@code inputs} (consecutive in sequence order) in that order, into new files whose
   * sequence numbers start at the first input's.
   */
  private void rewrite(List<DataFileMeta> inputs, Consumer<DataFileMeta> inputDone) {
    DataFileAccess access = new DataFileAccess(context.table());
    int[] allColumns = IntStream.range(0, context.schema().fields().size()).toArray();
    List<DataFileMeta> written = new ArrayList<>();
    AppendFileWriter out = null;
    long sequence = inputs.get(0).minSequenceNumber();
    try {
      for (DataFileMeta input : inputs) {
        try (CloseableIterator<Row> rows = access.rows(partition, bucket, input, allColumns)) {
          while (rows.hasNext()) {
            if (out == null) {
              out = newFile(sequence);
            }
            out.write(rows.next());
            if (out.bytesWritten() >= context.targetFileSize()) {
              sequence = out.nextSequenceNumber();
              written.add(completeCompacted(out));
              out = null;
            }
          }
        }
        inputDone.accept(input);
      }
      if (out != null) {
        written.add(completeCompacted(out));
        out = null;
      }
    } catch (RuntimeException e) {
      if (out != null) {
        out.abort();
      }
      written.forEach(this::delete);
      throw e;
    }
    inputs.forEach(queue::remove);
    if (!written.isEmpty()) {
      DataFileMeta last = written.get(written.size() - 1);
      if (last.fileSize() < context.targetFileSize()) {
        queue.add(last);
      }
    }
    record(inputs, written);
  }

  private DataFileMeta completeCompacted(AppendFileWriter out) {
    return DataFileMetas.appendFile(
        out.complete(), context.schema().rowType(), context.schema().id(), FileSource.COMPACT);
  }

  // As the primary-key writer: an input that an earlier compaction of this commit interval wrote
  // was never committed, so it goes away now instead of being deleted by the COMPACT snapshot.
  private void record(List<DataFileMeta> before, List<DataFileMeta> after) {
    for (DataFileMeta f : before) {
      if (compactAfter.remove(f)) {
        delete(f);
      } else {
        compactBefore.put(f.fileName(), f);
      }
    }
    compactAfter.addAll(after);
  }

  @Override
  public BucketChange prepareCommit() {
    roll();
    if (autoCompact) {
      Optional<List<DataFileMeta>> pick = picker.pickNext(List.copyOf(queue));
      pick.ifPresent(files -> rewrite(files, f -> {}));
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
    return current == null
        && newFiles.isEmpty()
        && compactBefore.isEmpty()
        && compactAfter.isEmpty();
  }

  @Override
  public void close() {
    if (current != null) {
      current.abort();
      current = null;
    }
    // nothing of this interval was handed over: new files and compaction outputs are uncommitted
    newFiles.forEach(this::delete);
    compactAfter.forEach(this::delete);
    newFiles.clear();
    compactBefore.clear();
    compactAfter.clear();
  }

  private void delete(DataFileMeta f) {
    Path path = context.table().locator().file(partition, bucket, f.fileName());
    try {
      context.table().io().delete(path);
    } catch (RuntimeException e) {
      LOG.warn("Failed to delete uncommitted data file {}", path, e);
    }
  }
}
