package dev.lakeops.cli.flink;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.flink.Sampling;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the {@code flink} tool commands share: the target cluster, {@code --json}, and printing one
 * tool report. Exit code 0 when the tool answered (OK or NO_DATA), 1 when it could not read the
 * cluster (the report still goes to stdout, one line to stderr).
 */
abstract class FlinkToolCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin FlinkTarget target;

  @Mixin OutputOptions output;

  /** Runs the tool against the chosen cluster. */
  abstract ToolReport report(FlinkTools tools);

  @Override
  public Integer call() {
    ToolReport report = report(target.tools(spec, Sampling.defaults()));
    output.print(spec, report, ToolReportText::render);
    if (report.status() == ToolReport.Status.ERROR) {
      spec.commandLine().getErr().println("lakeops: " + report.error());
      spec.commandLine().getErr().flush();
      return 1;
    }
    return 0;
  }
}
