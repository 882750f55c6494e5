package dev.lakeops.table.system;

import static dev.lakeops.table.system.Columns.BIGINT;
import static dev.lakeops.table.system.Columns.STRING;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.RowType;
import java.util.List;

/**
 * {@code $consumers}: each streaming consumer and the next snapshot it will read (source: Paimon
 * {@code ConsumersTable}).
 */
final class ConsumersTable implements SystemTable {

  static final RowType ROW_TYPE =
      Columns.columns().notNull("consumer_id", STRING).notNull("next_snapshot_id", BIGINT).build();

  @Override
  public String name() {
    return "consumers";
  }

  @Override
  public RowType rowType() {
    return ROW_TYPE;
  }

  @Override
  public List<Row> rows(SystemTableInput input) {
    return input.table().consumers().entrySet().stream()
        .map(e -> Row.of(e.getKey(), e.getValue().nextSnapshot()))
        .toList();
  }
}
