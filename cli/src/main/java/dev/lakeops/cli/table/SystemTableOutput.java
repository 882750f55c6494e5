package dev.lakeops.cli.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.read.ScanTarget;
import dev.lakeops.table.read.SnapshotNotFoundException;
import dev.lakeops.table.system.SystemTableRows;
import dev.lakeops.table.system.SystemTables;
import dev.lakeops.table.system.UnknownSystemTableException;
import dev.lakeops.table.types.RowType;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Reads one system table for a command and prints it: every column as JSON, the chosen ones as text. */
final class SystemTableOutput {

  private SystemTableOutput() {}

  /**
   * @param textColumns the columns the text form shows; empty for all
   * @throws ParameterException a bad table name, an unknown system table, snapshot or tag
   */
  static int print(CommandSpec spec, TableTarget target, String tableName, String systemTable, SnapshotOptions at,
                   List<String> textColumns) {
    Table table = target.load(spec, tableName);
    ZoneId zone = ZoneId.systemDefault();
    ScanTarget scanTarget = at.target(spec, zone);
    SystemTableRows result;
    try {
      result = SystemTables.read(table, systemTable, scanTarget, zone);
    } catch (UnknownSystemTableException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    } catch (SnapshotNotFoundException e) {
      throw new ParameterException(spec.commandLine(), at.describe() + ": " + e.getMessage());
    }
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("table", tableName);
    header.put("systemTable", "$" + result.name());
    header.put("snapshot", result.snapshotId().isPresent() ? result.snapshotId().getAsLong() : null);
    header.putAll(at.asked());
    if (target.json) {
      RowPrinter.print(spec.commandLine().getOut(), RowPrinter.Format.JSON, result.rowType(), result.rows(), header);
    } else {
      RowType type = result.rowType();
      List<Row> rows = result.rows();
      if (!textColumns.isEmpty()) {
        int[] indexes = textColumns.stream().mapToInt(type::indexOf).toArray();
        type = type.project(textColumns);
        rows = rows.stream().map(r -> r.project(indexes)).toList();
      }
      RowPrinter.print(spec.commandLine().getOut(), RowPrinter.Format.TEXT, type, rows, header);
    }
    return 0;
  }
}
