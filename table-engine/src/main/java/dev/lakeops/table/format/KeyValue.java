package dev.lakeops.table.format;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;

/**
 * One record of a primary-key table's LSM: the key, the sequence number that orders versions of the
 * same key, the change kind, and the full value row (all table columns, key columns included).
 *
 * @param key the trimmed primary key (primary key minus partition fields), as an {@code +I} row
 * @param sequenceNumber per-bucket counter ({@code _SEQUENCE_NUMBER})
 * @param valueKind the change ({@code _VALUE_KIND}); the kind of {@code value} itself is ignored
 * @param value all table columns
 */
public record KeyValue(Row key, long sequenceNumber, RowKind valueKind, Row value) {

  public KeyValue {
    requireNonNull(key, "key");
    requireNonNull(valueKind, "valueKind");
    requireNonNull(value, "value");
    if (sequenceNumber < 0) {
      throw new IllegalArgumentException(
          "Invalid sequence number: " + sequenceNumber + " (must be >= 0)");
    }
  }
}
