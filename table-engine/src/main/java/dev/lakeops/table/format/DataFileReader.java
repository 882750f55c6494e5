package dev.lakeops.table.format;

import dev.lakeops.table.data.Row;
import java.io.Closeable;
import java.util.Iterator;

/**
 * Reads the rows of one data file in file order, pulling one row at a time. Rows are {@code +I}
 * rows of the requested (projected) file type. Not thread-safe; close it when done.
 *
 * <p>{@link #hasNext} and {@link #next} throw {@link CorruptDataFileException} naming the file when
 * the bytes cannot be decoded, and {@link java.io.UncheckedIOException} when reading fails.
 */
public interface DataFileReader extends Iterator<Row>, Closeable {

  @Override
  void close();
}
