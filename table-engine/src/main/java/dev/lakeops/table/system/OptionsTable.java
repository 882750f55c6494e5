package dev.lakeops.table.system;

import static dev.lakeops.table.system.Columns.STRING;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.RowType;
import java.util.List;

/**
 * {@code $options}: the options of the latest schema, in file order (source: Paimon {@code
 * OptionsTable}).
 */
final class OptionsTable implements SystemTable {

  static final RowType ROW_TYPE =
      Columns.columns().notNull("key", STRING).notNull("value", STRING).build();

  @Override
  public String name() {
    return "options";
  }

  @Override
  public RowType rowType() {
    return ROW_TYPE;
  }

  @Override
  public List<Row> rows(SystemTableInput input) {
    return input.table().latestSchema().options().entrySet().stream()
        .map(e -> Row.of(e.getKey(), e.getValue()))
        .toList();
  }
}
