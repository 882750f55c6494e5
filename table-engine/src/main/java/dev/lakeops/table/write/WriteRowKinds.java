package dev.lakeops.table.write;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.lsm.MergeOptions;
import dev.lakeops.table.schema.MergeEngine;
import dev.lakeops.table.schema.TableSchema;
import org.jspecify.annotations.Nullable;

/**
 * The change each row written to a primary-key table stands for, as Paimon's writer decides it: the
 * row's kind, or the value of the {@code rowkind.field} column ({@code +I}, {@code -U}, {@code +U},
 * {@code -D}); retractions that {@code ignore-delete} (all) or {@code ignore-update-before} ({@code
 * -U}) ignore are dropped before the write buffer. A retraction that the table's merge engine would
 * refuse at the next flush (partial-update without {@code ignore-delete}, {@code
 * partial-update.remove-record-on-delete} or sequence groups) is refused when written, so the
 * commit never holds it.
 */
final class WriteRowKinds {

  private final String table;
  private final int rowKindField;
  private final @Nullable String rowKindFieldName;
  private final boolean ignoreDelete;
  private final boolean ignoreUpdateBefore;
  private final boolean refuseRetractions;

  private WriteRowKinds(String table, TableSchema schema, MergeOptions options) {
    this.table = table;
    this.rowKindField = options.rowKindFieldIndex().orElse(-1);
    this.rowKindFieldName = rowKindField < 0 ? null : schema.fieldNames().get(rowKindField);
    this.ignoreDelete = options.ignoreDelete();
    this.ignoreUpdateBefore = options.ignoreUpdateBefore();
    this.refuseRetractions =
        options.engine() == MergeEngine.PARTIAL_UPDATE
            && !options.removeRecordOnDelete()
            && options.sequenceGroups().isEmpty();
  }

  /**
   * @throws IllegalArgumentException merge options Paimon refuses; names the table and the option
   */
  static WriteRowKinds of(String table, TableSchema schema) {
    return new WriteRowKinds(table, schema, MergeOptions.of(table, schema));
  }

  /**
   * The kind {@code row} is written with, or null when the row is ignored.
   *
   * @throws IllegalArgumentException the {@code rowkind.field} value is null or not a row kind, or
   *     a retraction the merge engine cannot merge
   */
  @Nullable RowKind kindOf(Row row) {
    RowKind kind = rowKindField < 0 ? row.kind() : parse(row.get(rowKindField));
    if (kind == RowKind.DELETE && ignoreDelete
        || kind == RowKind.UPDATE_BEFORE && (ignoreDelete || ignoreUpdateBefore)) {
      return null;
    }
    if (!kind.isAdd() && refuseRetractions) {
      throw new IllegalArgumentException(
          "Table "
              + table
              + " (merge-engine 'partial-update') cannot take a "
              + kind.shortString()
              + " row: set 'ignore-delete' (or 'partial-update.ignore-delete') to skip"
              + " retractions, 'partial-update.remove-record-on-delete' to remove the row on -D,"
              + " or 'fields.<seq>.sequence-group' to retract the fields of a group");
    }
    return kind;
  }

  private RowKind parse(@Nullable Object value) {
    if (value == null) {
      throw new IllegalArgumentException(
          "Table "
              + table
              + ": the row kind column '"
              + rowKindFieldName
              + "' (option 'rowkind.field') is null in a written row");
    }
    for (RowKind k : RowKind.values()) {
      if (k.shortString().equals(value)) {
        return k;
      }
    }
    throw new IllegalArgumentException(
        "Table "
            + table
            + ": the row kind column '"
            + rowKindFieldName
            + "' (option 'rowkind.field') holds '"
            + value
            + "', expected one of +I, -U, +U, -D");
  }
}
