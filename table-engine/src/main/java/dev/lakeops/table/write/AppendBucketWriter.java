package dev.lakeops.table.write;

import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.AppendFileWriter;
import dev.lakeops.table.lsm.CompactionPicker;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The writer of one append-table bucket: rows go straight into the current data file, in arrival
 * order, each with the next sequence number; a new file starts at {@code target-file-size} and at
 * each commit.
 */
final class AppendBucketWriter implements BucketWriter {

  private final WriteContext context;
  private final BinaryRow partition;
  private final int bucket;
  private final int totalBuckets;
  private final List<DataFileMeta> newFiles = new ArrayList<>();
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
    this.nextSequence =
        restored.stream().mapToLong(DataFileMeta::maxSequenceNumber).max().orElse(-1) + 1;
  }

  @Override
  public void write(Row row) {
    if (current == null) {
      Path path = context.table().locator().file(partition, bucket, context.nextDataFileName());
      context.table().io().mkdirs(path.getParent());
      current =
          AppendFileWriter.create(
              context.format(),
              path,
              context.schema().rowType(),
              context.compression(),
              context.statsMode(),
              nextSequence);
    }
    current.write(row);
    if (current.bytesWritten() >= context.targetFileSize()) {
      roll();
    }
  }

  private void roll() {
    if (current == null) {
      return;
    }
    nextSequence = current.nextSequenceNumber();
    newFiles.add(
        DataFileMetas.appendFile(
            current.complete(), context.schema().rowType(), context.schema().id()));
    current = null;
  }

  @Override
  public void compact(CompactionPicker picker) {
    throw new UnsupportedOperationException(
        "Compaction of append tables is not supported yet (table " + context.table().name() + ")");
  }

  @Override
  public BucketChange prepareCommit() {
    roll();
    BucketChange change = BucketChange.appended(partition, bucket, totalBuckets, newFiles);
    newFiles.clear();
    return change;
  }

  @Override
  public boolean isIdle() {
    return current == null && newFiles.isEmpty();
  }

  @Override
  public void close() {
    if (current != null) {
      current.abort();
      current = null;
    }
    for (DataFileMeta f : newFiles) {
      Path path = context.table().locator().file(partition, bucket, f.fileName());
      try {
        context.table().io().delete(path);
      } catch (RuntimeException e) {
        org.slf4j.LoggerFactory.getLogger(AppendBucketWriter.class)
            .warn("Failed to delete uncommitted data file {}", path, e);
      }
    }
    newFiles.clear();
  }
}
