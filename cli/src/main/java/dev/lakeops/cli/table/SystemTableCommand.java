package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.OutputOptions;
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
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What the system-table commands share ({@code table snapshots}, {@code tags}, {@code files} ...):
 * one system table of {@code TABLE}, every column as JSON, the chosen ones as text. Exit code 0, or
 * 2 for a bad table name, an unknown system table, snapshot or tag.
 */
abstract class SystemTableCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;

  private final String systemTable;
  private final List<String> textColumns;

  /**
   * @param systemTable the system table, with or without the $
   * @param textColumns the columns the text form shows, in this order; empty for all
   */
  SystemTableCommand(String systemTable, List<String> textColumns) {
    this.systemTable = systemTable;
    this.textColumns = List.copyOf(textColumns);
  }

  /** The system table to read. */
  String systemTable() {
    return systemTable;
  }

  /** Which snapshot to read; the latest unless the command takes the time-travel options. */
  SnapshotOptions at() {
    return new SnapshotOptions();
  }

  @Override
  public Integer call() {
    Table t = table.load(spec);
    SnapshotOptions at = at();
    ZoneId zone = ZoneId.systemDefault();
    ScanTarget scanTarget = at.target(spec, zone);
    SystemTableRows result;
    try {
      result = SystemTables.read(t, systemTable(), scanTarget, zone);
    } catch (UnknownSystemTableException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    } catch (SnapshotNotFoundException e) {
      throw CliErrors.badInput(spec, at.describe(), e);
    }
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("table", table.name());
    header.put("systemTable", "$" + result.name());
    header.put(
        "snapshot", result.snapshotId().isPresent() ? result.snapshotId().getAsLong() : null);
    header.putAll(at.asked());
    output.print(spec, result, r -> RowPrinter.json(r.rowType(), r.rows(), header), this::text);
    return 0;
  }

  private String text(SystemTableRows result) {
    RowType type = result.rowType();
    List<Row> rows = result.rows();
    if (!textColumns.isEmpty()) {
      int[] indexes = textColumns.stream().mapToInt(type::indexOf).toArray();
      type = type.project(textColumns);
      rows = rows.stream().map(r -> r.project(indexes)).toList();
    }
    return RowPrinter.text(type, rows);
  }
}
