package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lakeops flink checkpoints --job NAME}. */
@Command(name = "checkpoints", mixinStandardHelpOptions = true, description = "Checkpoint health of one job: timeouts, failures, duration, age, start delay, pending vertex.")
final class FlinkCheckpointsCommand extends FlinkToolCommand {

  @Option(names = "--job", required = true, paramLabel = "NAME", description = "Job name, or its 32-hex-digit job id")
  String job;

  @Override
  ToolReport report(FlinkTools tools) {
    return tools.checkpoints(requireJob(spec, job));
  }
}
