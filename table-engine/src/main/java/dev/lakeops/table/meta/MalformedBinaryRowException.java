package dev.lakeops.table.meta;

/**
 * Bytes that claim to be a Paimon BinaryRow do not decode: too short, or a pointer out of range.
 */
public final class MalformedBinaryRowException extends IllegalArgumentException {

  public MalformedBinaryRowException(String message) {
    super(message);
  }
}
