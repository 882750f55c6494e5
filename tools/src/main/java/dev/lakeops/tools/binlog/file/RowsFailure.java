package dev.lakeops.tools.binlog.file;

import static java.util.Objects.requireNonNull;

/**
 * A rows or TABLE_MAP event whose header and CRC are valid but whose values could not be decoded:
 * no TABLE_MAP for its table id (reading started inside a transaction), a body that does not match
 * the columns, or a value beyond the decoder's limits. The event itself was still reported.
 *
 * @param offset where the event starts in the file
 * @param type the event type code
 * @param tableId the table id the event names, -1 when not read
 * @param reason what is wrong, naming the column and values
 */
public record RowsFailure(String file, long offset, int type, long tableId, String reason) {
  public RowsFailure {
    requireNonNull(file, "file");
    requireNonNull(reason, "reason");
  }

  public String typeName() {
    return EventTypes.name(type);
  }

  @Override
  public String toString() {
    return typeName() + " at offset " + offset + " of " + file + ": " + reason;
  }
}
