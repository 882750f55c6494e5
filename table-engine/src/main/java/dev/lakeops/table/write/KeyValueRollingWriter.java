package dev.lakeops.table.write;

import dev.lakeops.table.format.Compression;
import dev.lakeops.table.format.DataFileFormat;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.format.KeyValueFileWriter;
import dev.lakeops.table.format.StatsMode;
import dev.lakeops.table.lsm.ChangelogSink;
import dev.lakeops.table.lsm.RunWriter;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes sorted key-values of one bucket into files, starting a new file once the current one
 * reaches {@code target-file-size}. The data-file writer is used for level-0 flushes and compaction
 * output; {@link ChangelogFileWriter} uses one for changelog files, with their own names, format
 * and codec.
 */
final class KeyValueRollingWriter implements RunWriter {

  private static final Logger LOG = LoggerFactory.getLogger(KeyValueRollingWriter.class);

  private final WriteContext context;
  private final BinaryRow partition;
  private final int bucket;
  private final DataFileFormat format;
  private final Compression compression;
  private final StatsMode statsMode;
  private final Supplier<String> names;

  /** A writer of data files ({@code data-<uuid>-<n>.<format>}) in the table's data format. */
  KeyValueRollingWriter(WriteContext context, BinaryRow partition, int bucket) {
    this(
        context,
        partition,
        bucket,
        context.format(),
        context.compression(),
        context.statsMode(),
        context::nextDataFileName);
  }

  KeyValueRollingWriter(
      WriteContext context,
      BinaryRow partition,
      int bucket,
      DataFileFormat format,
      Compression compression,
      StatsMode statsMode,
      Supplier<String> names) {
    this.context = context;
    this.partition = partition;
    this.bucket = bucket;
    this.format = format;
    this.compression = compression;
    this.statsMode = statsMode;
    this.names = names;
  }

  @Override
  public List<DataFileMeta> writeCompacted(Iterator<KeyValue> records, int level) {
    return write(records, level, FileSource.COMPACT);
  }

  /**
   * Writes {@code records} (ascending keys) at {@code level}; on failure deletes every file it
   * wrote and rethrows.
   */
  List<DataFileMeta> write(Iterator<KeyValue> records, int level, FileSource source) {
    Rolling out = open(level, source);
    try {
      while (records.hasNext()) {
        out.write(records.next());
      }
      return out.complete();
    } catch (RuntimeException e) {
      out.abort();
      throw e;
    }
  }

  /** Starts files at {@code level} that records are pushed into. */
  Rolling open(int level, FileSource source) {
    return new Rolling(level, source);
  }

  /** Files being written at one level, rolled at the target size. */
  final class Rolling implements ChangelogSink.Output {
    private final int level;
    private final FileSource source;
    private final List<DataFileMeta> written = new ArrayList<>();
    private KeyValueFileWriter current;
    private boolean done;

    private Rolling(int level, FileSource source) {
      this.level = level;
      this.source = source;
    }

    @Override
    public void write(KeyValue kv) {
      if (done) {
        throw new IllegalStateException("Files at level " + level + " are already completed");
      }
      if (current == null) {
        current =
            KeyValueFileWriter.create(
                context.table().io(), format, newPath(), context.layout(), compression, statsMode);
      }
      current.write(kv);
      if (current.bytesWritten() >= context.targetFileSize()) {
        KeyValueFileWriter full = current;
        current = null;
        written.add(completeFile(full));
      }
    }

    @Override
    public List<DataFileMeta> complete() {
      if (!done) {
        if (current != null) {
          KeyValueFileWriter last = current;
          current = null;
          written.add(completeFile(last));
        }
        done = true;
      }
      return List.copyOf(written);
    }

    @Override
    public void abort() {
      if (done) {
        return;
      }
      done = true;
      if (current != null) {
        current.abort();
        current = null;
      }
      for (DataFileMeta f : written) {
        delete(f);
      }
      written.clear();
    }

    private DataFileMeta completeFile(KeyValueFileWriter writer) {
      return DataFileMetas.keyValueFile(
          writer.complete(),
          context.keyOrder().keyType(),
          context.schema().rowType(),
          context.schema().id(),
          level,
          source);
    }
  }

  private Path newPath() {
    Path path = context.table().locator().file(partition, bucket, names.get());
    context.table().io().mkdirs(path.getParent());
    return path;
  }

  /** Deletes a file this writer made that no commit will reference; failures are logged. */
  void delete(DataFileMeta file) {
    Path path = context.table().locator().file(partition, bucket, file.fileName());
    try {
      context.table().io().delete(path);
    } catch (RuntimeException e) {
      LOG.warn("Failed to delete uncommitted file {}", path, e);
    }
  }
}
