package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lakeops flink job --job NAME}. */
@Command(name = "job", mixinStandardHelpOptions = true, description = "State, restarts and exception root causes of one job (probed twice if it looks faulty).")
final class FlinkJobCommand extends FlinkToolCommand {

  @Option(names = "--job", required = true, paramLabel = "NAME", description = "Job name, or its 32-hex-digit job id")
  String job;

  @Override
  ToolReport report(FlinkTools tools) {
    return tools.job(requireJob(spec, job));
  }
}
