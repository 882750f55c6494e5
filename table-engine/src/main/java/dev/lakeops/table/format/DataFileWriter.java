package dev.lakeops.table.format;

import dev.lakeops.table.data.Row;
import java.io.Closeable;

/**
 * Writes physical rows of one file type into one new data file. Not thread-safe.
 *
 * <p>Use: {@link #write} rows, then {@link #close} to complete the file; on any failure call {@link
 * #abort} instead, which leaves no file behind.
 */
public interface DataFileWriter extends Closeable {

  /**
   * Appends one row whose arity and values match the file type (see {@link
   * dev.lakeops.table.types.DataType} for the Java class of each type). The row kind is not stored:
   * primary-key tables carry it in {@code _VALUE_KIND}.
   *
   * @throws IllegalArgumentException a value does not fit its column (wrong class, null in a NOT
   *     NULL column, a decimal that needs more precision); the file is unchanged by this row
   * @throws java.io.UncheckedIOException writing failed; the file must be aborted
   */
  void write(Row row);

  /**
   * Bytes written so far: exact after {@link #close}, before that a lower bound (buffered and not
   * yet compressed rows are not counted). Good enough to roll files at a target size.
   */
  long bytesWritten();

  /** Completes the file; idempotent. */
  @Override
  void close();

  /** Stops writing and deletes the file (best effort, failures are logged); idempotent. */
  void abort();
}
