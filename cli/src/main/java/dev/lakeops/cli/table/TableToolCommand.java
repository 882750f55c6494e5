package dev.lakeops.cli.table;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableTools;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the table diagnosis commands share: the table (a directory, or DATABASE.TABLE in {@code
 * --warehouse}), {@code --json}, and printing one tool report. Exit code 0 when the tool judged the
 * table, 1 when the table was not found or could not be read (the report still goes to stdout, one
 * line to stderr).
 */
abstract class TableToolCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin TableArgument table;
  @Mixin OutputOptions output;

  /** Runs the tool on the table. */
  abstract ToolReport report(TableTools tools, String table);

  @Override
  public Integer call() {
    ToolReport report = report(new TableTools(table.locator(spec)), table.name());
    output.print(spec, report, ToolReportText::render);
    if (report.status() != ToolReport.Status.OK) {
      spec.commandLine().getErr().println("lakeops: " + report.error());
      spec.commandLine().getErr().flush();
      return 1;
    }
    return 0;
  }
}
