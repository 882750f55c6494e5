package dev.lakeops.table.system;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.RowType;
import java.util.List;
import java.util.OptionalLong;

/**
 * The content of one system table as read.
 *
 * @param name the system table's name without {@code $}
 * @param rowType its columns
 * @param rows its rows
 * @param snapshotId the snapshot that was described; empty when the table has none
 */
public record SystemTableRows(
    String name, RowType rowType, List<Row> rows, OptionalLong snapshotId) {

  public SystemTableRows {
    requireNonNull(name, "name");
    requireNonNull(rowType, "rowType");
    requireNonNull(snapshotId, "snapshotId");
    rows = List.copyOf(rows);
    for (Row row : rows) {
      if (row.arity() != rowType.arity()) {
        throw new IllegalArgumentException(
            "Invalid row for $"
                + name
                + ": "
                + row.arity()
                + " values, expected "
                + rowType.arity());
      }
    }
  }
}
