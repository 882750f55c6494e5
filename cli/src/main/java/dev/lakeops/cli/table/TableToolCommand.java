package dev.lakeops.cli.table;

import dev.lakeops.cli.ToolReportText;

import dev.lakeops.tools.Json;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * What the table diagnosis commands share: the table (a directory, or DATABASE.TABLE in
 * {@code --warehouse}), {@code --json}, and printing one tool report. Exit code 0 when the tool
 * judged the table, 1 when the table was not found or could not be read (the report still goes to
 * stdout, one line to stderr).
 */
abstract class TableToolCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableTarget target;

  @Parameters(index = "0", paramLabel = "TABLE", description = "DATABASE.TABLE in --warehouse, or a table directory")
  String table;

  /** Runs the tool on the table. */
  abstract ToolReport report(TableTools tools, String table);

  @Override
  public Integer call() {
    TableTools tools = new TableTools(TableLocator.local(
        target.warehouse == null ? null : target.warehouse.toAbsolutePath().normalize()));
    ToolReport report = report(tools, table);
    PrintWriter out = spec.commandLine().getOut();
    out.print(target.json ? Json.compact(report) + "\n" : ToolReportText.render(report));
    out.flush();
    if (report.status() != ToolReport.Status.OK) {
      spec.commandLine().getErr().println("lakeops: " + report.error());
      spec.commandLine().getErr().flush();
      return 1;
    }
    return 0;
  }
}
