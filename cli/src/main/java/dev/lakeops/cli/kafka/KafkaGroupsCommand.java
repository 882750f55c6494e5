package dev.lakeops.cli.kafka;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.kafka.LagRules;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code lakeops kafka groups}: every consumer group with state, members and total lag. */
@Command(
    name = "groups",
    mixinStandardHelpOptions = true,
    description = "List consumer groups with state, members and total lag.")
final class KafkaGroupsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin KafkaTarget target;
  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    ToolReport report = target.tools(LagRules.defaults()).groups(target.cluster(spec));
    output.print(spec, report, ToolReportText::renderWithBlankLine);
    return KafkaTarget.exitCode(report);
  }
}
