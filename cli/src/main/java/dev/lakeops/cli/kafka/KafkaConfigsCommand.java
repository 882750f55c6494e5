package dev.lakeops.cli.kafka;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.kafka.ClientSettings;
import dev.lakeops.tools.kafka.LagRules;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code lakeops kafka configs}: configuration risks for duplicates and loss. */
@Command(
    name = "configs",
    mixinStandardHelpOptions = true,
    description =
        "Topic configuration risks, plus the consumer's and producer's settings as given, for"
            + " duplicates and loss.")
final class KafkaConfigsCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin KafkaTarget target;
  @Mixin OutputOptions output;

  @Option(names = "--topic", paramLabel = "TOPIC", description = "Topic (repeatable)")
  List<String> topics = List.of();

  @Option(
      names = "--group",
      paramLabel = "GROUP",
      description =
          "Consumer group (repeatable): its topics, and retention against its lag in time")
  List<String> groups = List.of();

  @Option(
      names = "--consumer",
      paramLabel = "KEY=VALUE",
      description = "A consumer setting, e.g. enable.auto.commit=true (repeatable)")
  Map<String, String> consumer = Map.of();

  @Option(
      names = "--producer",
      paramLabel = "KEY=VALUE",
      description = "A producer setting, e.g. acks=1 (repeatable)")
  Map<String, String> producer = Map.of();

  @Option(
      names = "--processing-time",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "Time the application spends per record (e.g. 20ms), checked against"
              + " max.poll.interval.ms")
  Duration processingTime;

  @Override
  public Integer call() {
    if (topics.isEmpty() && groups.isEmpty()) {
      throw new ParameterException(spec.commandLine(), "give at least one --topic or --group");
    }
    ClientSettings settings = new ClientSettings(consumer, producer, processingTime);
    ToolReport report =
        target.tools(LagRules.defaults()).configs(target.cluster(spec), topics, groups, settings);
    output.print(spec, report, ToolReportText::renderWithBlankLine);
    return KafkaTarget.exitCode(report);
  }
}
