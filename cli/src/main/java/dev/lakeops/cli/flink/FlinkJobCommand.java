package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Command;

/** {@code lakeops flink job --job NAME}. */
@Command(
    name = "job",
    mixinStandardHelpOptions = true,
    description =
        "State, restarts and exception root causes of one job (probed twice if it looks faulty).")
final class FlinkJobCommand extends FlinkJobToolCommand {

  @Override
  ToolReport report(FlinkTools tools, String job) {
    return tools.job(job);
  }
}
