package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Command;

/** {@code lakeops flink source-lag --job NAME}. */
@Command(
    name = "source-lag",
    mixinStandardHelpOptions = true,
    description =
        "Source lag of one job: pending records, event-time lag, offsets, idle sources,"
            + " watermarks.")
final class FlinkSourceLagCommand extends FlinkJobToolCommand {

  @Override
  ToolReport report(FlinkTools tools, String job) {
    return tools.sourceLag(job);
  }
}
