package dev.lakeops.table.format;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.types.RowType;
import java.io.Closeable;
import java.nio.file.Path;

/**
 * Writes the rows of one append-table (no primary key) data file: the table columns only
 * (paimon-format.md §13.1), each row taking the next sequence number, as Paimon's append writer
 * numbers them. Not thread-safe; {@link #close} aborts an incomplete file.
 */
public final class AppendFileWriter implements Closeable {

  private final DataFileWriter writer;
  private final Path path;
  private final RowType rowType;
  private final ColumnStatsCollector valueStats;
  private final long firstSequenceNumber;
  private long rowCount;
  private boolean done;

  private AppendFileWriter(
      DataFileWriter writer,
      Path path,
      RowType rowType,
      StatsMode statsMode,
      StatsSource source,
      long firstSequenceNumber) {
    this.writer = writer;
    this.path = path;
    this.rowType = rowType;
    this.valueStats = ColumnStatsCollector.uniform(rowType, statsMode, source);
    this.firstSequenceNumber = firstSequenceNumber;
  }

  /**
   * Creates {@code path} in {@code format} with the table's row type.
   *
   * @param firstSequenceNumber the sequence number of the first row (the bucket's next one)
   */
  public static AppendFileWriter create(
      DataFileFormat format,
      Path path,
      RowType rowType,
      Compression compression,
      StatsMode statsMode,
      long firstSequenceNumber) {
    return create(
        new LocalFileIO(), format, path, rowType, compression, statsMode, firstSequenceNumber);
  }

  /**
   * Creates {@code path} through {@code io} in {@code format} with the table's row type.
   *
   * @param firstSequenceNumber the sequence number of the first row (the bucket's next one)
   */
  public static AppendFileWriter create(
      FileIO io,
      DataFileFormat format,
      Path path,
      RowType rowType,
      Compression compression,
      StatsMode statsMode,
      long firstSequenceNumber) {
    requireNonNull(statsMode, "statsMode");
    if (firstSequenceNumber < 0) {
      throw new IllegalArgumentException(
          "Invalid first sequence number: " + firstSequenceNumber + " (must be >= 0)");
    }
    DataFileWriter writer = format.createWriter(io, path, rowType, compression);
    return new AppendFileWriter(
        writer, path, rowType, statsMode, format.statsSource(), firstSequenceNumber);
  }

  /**
   * Appends one row.
   *
   * @throws IllegalArgumentException the row is not an {@code +I} row (append tables take no
   *     updates or deletes), or a value does not fit its column
   */
  public void write(Row row) {
    if (done) {
      throw new IllegalStateException("Writer of " + path + " is already completed or aborted");
    }
    if (row.kind() != RowKind.INSERT) {
      throw new IllegalArgumentException(
          "Append table rows must be +I, got "
              + row.kind().shortString()
              + " for "
              + path
              + " (columns "
              + rowType.fieldNames()
              + ")");
    }
    writer.write(row);
    rowCount++;
    valueStats.add(row);
  }

  public long rowCount() {
    return rowCount;
  }

  /** The sequence number the next row would take. */
  public long nextSequenceNumber() {
    return firstSequenceNumber + rowCount;
  }

  /** See {@link DataFileWriter#bytesWritten()}. */
  public long bytesWritten() {
    return writer.bytesWritten();
  }

  /**
   * Completes the file and returns its metadata (empty min/max key and key stats).
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
        Row.of(),
        Row.of(),
        ColumnStats.empty(),
        valueStats.result(),
        firstSequenceNumber,
        firstSequenceNumber + rowCount - 1,
        0);
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
