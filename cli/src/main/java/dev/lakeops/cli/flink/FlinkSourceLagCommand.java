package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lakeops flink source-lag --job NAME}. */
@Command(name = "source-lag", mixinStandardHelpOptions = true, description = "Source lag of one job: pending records, event-time lag, offsets, idle sources, watermarks.")
final class FlinkSourceLagCommand extends FlinkToolCommand {

  @Option(names = "--job", required = true, paramLabel = "NAME", description = "Job name, or its 32-hex-digit job id")
  String job;

  @Override
  ToolReport report(FlinkTools tools) {
    return tools.sourceLag(requireJob(spec, job));
  }
}
