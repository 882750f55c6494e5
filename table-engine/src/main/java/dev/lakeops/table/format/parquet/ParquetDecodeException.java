package dev.lakeops.table.format.parquet;

/**
 * A stored value or a file schema that lakeops cannot turn into the requested type; the reader
 * rethrows it as a {@link dev.lakeops.table.format.CorruptDataFileException} naming the file.
 */
final class ParquetDecodeException extends RuntimeException {

  ParquetDecodeException(String message) {
    super(message);
  }
}
