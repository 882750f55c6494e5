package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Command;

/** {@code lakeops flink checkpoints --job NAME}. */
@Command(
    name = "checkpoints",
    mixinStandardHelpOptions = true,
    description =
        "Checkpoint health of one job: timeouts, failures, duration, age, start delay, pending"
            + " vertex.")
final class FlinkCheckpointsCommand extends FlinkJobToolCommand {

  @Override
  ToolReport report(FlinkTools tools, String job) {
    return tools.checkpoints(job);
  }
}
