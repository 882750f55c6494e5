package dev.lakeops.table.format;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.LocalFileIO;
import java.io.Closeable;
import java.nio.file.Path;
import java.util.Comparator;
import org.jspecify.annotations.Nullable;

/**
 * Writes the key-values of one primary-key data file (for example one sorted, merged L0 flush) and
 * collects what its manifest entry needs. Not thread-safe.
 *
 * <p>Use: {@link #write} in ascending key order, then {@link #complete}; on failure {@link #abort}.
 * {@link #close} aborts an incomplete file, so try-with-resources leaves nothing behind on an
 * exception.
 */
public final class KeyValueFileWriter implements Closeable {

  private final DataFileWriter writer;
  private final KeyValueLayout layout;
  private final Path path;
  private final Comparator<Row> keyOrder;
  private final ColumnStatsCollector keyStats;
  private final ColumnStatsCollector valueStats;
  private @Nullable Row minKey;
  private @Nullable Row lastKey;
  private long rowCount;
  private long deleteRowCount;
  private long minSequence = Long.MAX_VALUE;
  private long maxSequence = Long.MIN_VALUE;
  private boolean done;

  private KeyValueFileWriter(
      DataFileWriter writer,
      Path path,
      KeyValueLayout layout,
      StatsMode statsMode,
      StatsSource source) {
    this.writer = writer;
    this.path = path;
    this.layout = layout;
    this.keyOrder = ValueOrder.rows(layout.keyType());
    this.keyStats = ColumnStatsCollector.forKeys(layout.keyType(), statsMode, source);
    this.valueStats = ColumnStatsCollector.uniform(layout.valueType(), statsMode, source);
  }

  /**
   * Creates {@code path} in {@code format} with the physical type of {@code layout}.
   *
   * @param statsMode {@code metadata.stats-mode}, applied to key and value columns
   */
  public static KeyValueFileWriter create(
      DataFileFormat format,
      Path path,
      KeyValueLayout layout,
      Compression compression,
      StatsMode statsMode) {
    return create(new LocalFileIO(), format, path, layout, compression, statsMode);
  }

  /**
   * Creates {@code path} through {@code io} in {@code format} with the physical type of {@code
   * layout}.
   */
  public static KeyValueFileWriter create(
      FileIO io,
      DataFileFormat format,
      Path path,
      KeyValueLayout layout,
      Compression compression,
      StatsMode statsMode) {
    requireNonNull(statsMode, "statsMode");
    DataFileWriter writer = format.createWriter(io, path, layout.fileType(), compression);
    return new KeyValueFileWriter(writer, path, layout, statsMode, format.statsSource());
  }

  /**
   * Appends one key-value.
   *
   * @throws IllegalArgumentException the key sorts before the previous one, or a value does not fit
   *     its column
   */
  public void write(KeyValue kv) {
    if (done) {
      throw new IllegalStateException("Writer of " + path + " is already completed or aborted");
    }
    if (lastKey != null && keyOrder.compare(kv.key(), lastKey) < 0) {
      throw new IllegalArgumentException(
          "Key " + kv.key() + " written after " + lastKey + " to " + path + ": keys must ascend");
    }
    writer.write(layout.toFileRow(kv));
    if (minKey == null) {
      minKey = kv.key();
    }
    lastKey = kv.key();
    rowCount++;
    if (!kv.valueKind().isAdd()) {
      deleteRowCount++;
    }
    minSequence = Math.min(minSequence, kv.sequenceNumber());
    maxSequence = Math.max(maxSequence, kv.sequenceNumber());
    keyStats.add(kv.key());
    valueStats.add(kv.value());
  }

  public long rowCount() {
    return rowCount;
  }

  /** See {@link DataFileWriter#bytesWritten()}. */
  public long bytesWritten() {
    return writer.bytesWritten();
  }

  /**
   * Completes the file and returns its metadata.
   *
   * @throws IllegalStateException no row was written (the empty file is deleted)
   */
  public WrittenFile complete() {
    if (done) {
      throw new IllegalStateException("Writer of " + path + " is already completed or aborted");
    }
    if (rowCount == 0) {
      abort();
      throw new IllegalStateException("No rows written to " + path + ": nothing to complete");
    }
    writer.close();
    done = true;
    return new WrittenFile(
        path,
        writer.bytesWritten(),
        rowCount,
        minKey,
        lastKey,
        keyStats.result(),
        valueStats.result(),
        minSequence,
        maxSequence,
        deleteRowCount);
  }

  /** Deletes the file; idempotent, and a no-op after {@link #complete}. */
  public void abort() {
    if (!done) {
      done = true;
      writer.abort();
    }
  }

  /** Aborts unless completed. */
  @Override
  public void close() {
    abort();
  }
}
