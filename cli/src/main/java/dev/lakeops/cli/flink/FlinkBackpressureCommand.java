package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Command;

/** {@code lakeops flink backpressure --job NAME}. */
@Command(
    name = "backpressure",
    mixinStandardHelpOptions = true,
    description = "The backpressure bottleneck of one job and why (key skew, capacity, slow sink).")
final class FlinkBackpressureCommand extends FlinkJobToolCommand {

  @Override
  ToolReport report(FlinkTools tools, String job) {
    return tools.backpressure(job);
  }
}
