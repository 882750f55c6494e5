package dev.lakeops.table.write;

import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.format.KeyValueFileWriter;
import dev.lakeops.table.lsm.RunWriter;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes sorted key-values of one bucket into data files, starting a new file once the current one
 * reaches {@code target-file-size}. Used for level-0 flushes and compaction output.
 */
final class KeyValueRollingWriter implements RunWriter {

  private static final Logger LOG = LoggerFactory.getLogger(KeyValueRollingWriter.class);

  private final WriteContext context;
  private final BinaryRow partition;
  private final int bucket;

  KeyValueRollingWriter(WriteContext context, BinaryRow partition, int bucket) {
    this.context = context;
    this.partition = partition;
    this.bucket = bucket;
  }

  @Override
  public List<DataFileMeta> writeCompacted(Iterator<KeyValue> records, int level) {
    return write(records, level, FileSource.COMPACT);
  }

  /**
   * Writes changelog records (ascending keys) into changelog files recorded at {@code level}, with
   * file source APPEND as Paimon's changelog writer; on failure deletes what it wrote and rethrows.
   */
  List<DataFileMeta> writeChangelog(Iterator<KeyValue> records, int level) {
    return write(records, level, FileSource.APPEND, true);
  }

  /**
   * Writes {@code records} (ascending keys) at {@code level}; on failure deletes every file it
   * wrote and rethrows.
   */
  List<DataFileMeta> write(Iterator<KeyValue> records, int level, FileSource source) {
    return write(records, level, source, false);
  }

  private List<DataFileMeta> write(
      Iterator<KeyValue> records, int level, FileSource source, boolean changelog) {
    List<DataFileMeta> written = new ArrayList<>();
    KeyValueFileWriter current = null;
    try {
      while (records.hasNext()) {
        if (current == null) {
          current =
              KeyValueFileWriter.create(
                  context.format(),
                  newPath(changelog),
                  context.layout(),
                  context.compression(),
                  context.statsMode());
        }
        current.write(records.next());
        if (current.bytesWritten() >= context.targetFileSize()) {
          written.add(complete(current, level, source));
          current = null;
        }
      }
      if (current != null) {
        written.add(complete(current, level, source));
        current = null;
      }
      return written;
    } catch (RuntimeException e) {
      if (current != null) {
        current.abort();
      }
      for (DataFileMeta f : written) {
        delete(f);
      }
      throw e;
    }
  }

  private DataFileMeta complete(KeyValueFileWriter writer, int level, FileSource source) {
    return DataFileMetas.keyValueFile(
        writer.complete(),
        context.keyOrder().keyType(),
        context.schema().rowType(),
        context.schema().id(),
        level,
        source);
  }

  private Path newPath(boolean changelog) {
    String name = changelog ? context.nextChangelogFileName() : context.nextDataFileName();
    Path path = context.table().locator().file(partition, bucket, name);
    context.table().io().mkdirs(path.getParent());
    return path;
  }

  /** Deletes a file this writer made that no commit will reference; failures are logged. */
  void delete(DataFileMeta file) {
    Path path = context.table().locator().file(partition, bucket, file.fileName());
    try {
      context.table().io().delete(path);
    } catch (RuntimeException e) {
      LOG.warn("Failed to delete uncommitted data file {}", path, e);
    }
  }
}
