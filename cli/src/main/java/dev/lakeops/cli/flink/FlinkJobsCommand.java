package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Command;

/** {@code lakeops flink jobs}: every job of the cluster with its state. */
@Command(
    name = "jobs",
    mixinStandardHelpOptions = true,
    description = "List the jobs of a Flink cluster with their states.")
final class FlinkJobsCommand extends FlinkToolCommand {

  @Override
  ToolReport report(FlinkTools tools) {
    return tools.jobs();
  }
}
