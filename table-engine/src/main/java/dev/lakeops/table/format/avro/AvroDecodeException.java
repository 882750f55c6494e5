package dev.lakeops.table.format.avro;

/**
 * Bytes that do not decode as the Avro binary encoding; caught by the reader and rethrown as a
 * {@link dev.lakeops.table.format.CorruptDataFileException} that names the file and offset.
 */
final class AvroDecodeException extends RuntimeException {

  AvroDecodeException(String message) {
    super(message, null, false, false);
  }
}
