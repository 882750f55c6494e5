package dev.lakeops.tools.table;

/**
 * A tool parameter that does not fit the table (no such column, not a partition key, no key for an
 * append table).
 */
final class InvalidTableArgumentException extends IllegalArgumentException {

  InvalidTableArgumentException(String message) {
    super(message);
  }
}
