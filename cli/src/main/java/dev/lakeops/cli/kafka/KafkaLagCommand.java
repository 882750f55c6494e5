package dev.lakeops.cli.kafka;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.kafka.FlinkSourceOffsets;
import dev.lakeops.tools.kafka.FlinkSourceOffsetsProbe;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagRules;
import java.time.Clock;
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

/**
 * {@code lakeops kafka lag}: Burrow-style lag status per consumer group over a window of probes.
 */
@Command(
    name = "lag",
    mixinStandardHelpOptions = true,
    description =
        "Consumer lag per group over a window of probes: OK / growing / stalled / stopped / below"
            + " log start, with corrections.")
final class KafkaLagCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin KafkaTarget target;
  @Mixin OutputOptions output;

  @Option(
      names = "--group",
      paramLabel = "GROUP",
      description = "Consumer group (repeatable); default: every consumer group")
  List<String> groups = List.of();

  @Option(
      names = "--samples",
      defaultValue = "3",
      description = "Probes in the window; default ${DEFAULT-VALUE}")
  int samples;

  @Option(
      names = "--interval",
      defaultValue = "5s",
      converter = DurationConverter.class,
      paramLabel = "DURATION",
      description = "Time between probes; default ${DEFAULT-VALUE}")
  Duration interval;

  @Option(
      names = "--min-stall-window",
      defaultValue = "10s",
      converter = DurationConverter.class,
      paramLabel = "DURATION",
      description =
          "Shortest window in which unmoving offsets count as stalled/stopped; default"
              + " ${DEFAULT-VALUE}")
  Duration minStallWindow;

  @Option(
      names = "--flink-rest",
      paramLabel = "URL",
      description = "Flink REST address of the job that reads as --group (with --flink-job)")
  String flinkRest;

  @Option(
      names = "--flink-job",
      paramLabel = "NAME",
      description =
          "Flink job whose Kafka source reads as --group: its own offsets give the real lag")
  String flinkJob;

  @Option(
      names = "--include-snapshot",
      description = "Also print the raw snapshots of the window (JSON)")
  boolean includeSnapshot;

  @Override
  public Integer call() {
    if (samples < 1 || samples > 20) {
      throw new ParameterException(spec.commandLine(), "--samples: " + samples + " is not 1-20");
    }
    if ((flinkRest == null) != (flinkJob == null) || (flinkJob != null && groups.size() != 1)) {
      throw new ParameterException(
          spec.commandLine(), "--flink-rest and --flink-job go together, with exactly one --group");
    }
    KafkaCluster cluster = target.cluster(spec);
    KafkaTools tools = target.tools(LagRules.defaults().withMinStallWindow(minStallWindow));
    Map<String, FlinkSourceOffsets> flink = Map.of();
    ToolReport report;
    if (flinkJob != null) {
      FlinkRestClient rest;
      try {
        rest = new FlinkRestClient(flinkRest, target.timeout);
      } catch (IllegalArgumentException e) {
        throw CliErrors.badInput(spec, "--flink-rest", e);
      }
      // Kafka first, Flink right after the last probe: the two views are compared as one moment.
      report = tools.lag(cluster, groups, samples, interval, Map.of());
      if (report.status() == ToolReport.Status.OK) {
        flink =
            Map.of(
                groups.get(0),
                new FlinkSourceOffsetsProbe(rest, Clock.systemUTC()).capture(flinkJob));
        report = tools.lag(cluster, groups, 1, Duration.ZERO, flink);
      }
    } else {
      report = tools.lag(cluster, groups, samples, interval, flink);
    }
    output.print(spec, report, ToolReportText::renderWithBlankLine);
    if (includeSnapshot) {
      spec.commandLine().getOut().println(Json.compact(tools.history().window(cluster.name())));
      spec.commandLine().getOut().flush();
    }
    return KafkaTarget.exitCode(report);
  }
}
