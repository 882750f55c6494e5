package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lakeops flink backpressure --job NAME}. */
@Command(name = "backpressure", mixinStandardHelpOptions = true, description = "The backpressure bottleneck of one job and why (key skew, capacity, slow sink).")
final class FlinkBackpressureCommand extends FlinkToolCommand {

  @Option(names = "--job", required = true, paramLabel = "NAME", description = "Job name, or its 32-hex-digit job id")
  String job;

  @Override
  ToolReport report(FlinkTools tools) {
    return tools.backpressure(requireJob(spec, job));
  }
}
