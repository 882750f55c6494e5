package dev.lakeops.cli.flink;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkTools;
import picocli.CommandLine.Mixin;

/** A {@code flink} tool command about one job ({@code --job}). */
abstract class FlinkJobToolCommand extends FlinkToolCommand {

  @Mixin FlinkJobOption job;

  /** Runs the tool on the job named {@code job}. */
  abstract ToolReport report(FlinkTools tools, String job);

  @Override
  final ToolReport report(FlinkTools tools) {
    return report(tools, job.name(spec));
  }
}
