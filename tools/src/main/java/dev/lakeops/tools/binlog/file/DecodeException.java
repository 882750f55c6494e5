package dev.lakeops.tools.binlog.file;

/**
 * A field of an event body has an impossible value or runs past the body. Internal to the decoders:
 * callers turn it into a {@link BinlogFormatException} or a {@link RowsFailure} naming file and
 * offset.
 */
final class DecodeException extends RuntimeException {

  DecodeException(String message) {
    super(message, null, false, false);
  }

  static void check(boolean condition, String message) {
    if (!condition) {
      throw new DecodeException(message);
    }
  }
}
