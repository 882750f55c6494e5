package dev.lakeops.cli.triage;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.common.ToolReportText;
import dev.lakeops.cli.flink.FlinkClusterProfiles;
import dev.lakeops.runbooks.setup.TriageTools;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.ChangeTools;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops changes --job NAME [--table T] [--topic T] [--group G]}: what changed on each hop
 * in a window (by default the hour before now or before {@code --alert-at}), the probe every triage
 * runs, with the same configuration. Exit code 0 when the probe ran (whatever it found), 1 when it
 * could not read anything, 2 for a bad option.
 */
@Command(
    name = "changes",
    mixinStandardHelpOptions = true,
    description =
        "What changed before an alert: Flink job resubmissions, parallelism, configuration and"
            + " savepoint restores; table schemas, commit users, overwrites, tags and rollbacks;"
            + " Kafka partitions, topic configuration and offsets; lakeops' own actions.")
public final class ChangesCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin TriageTargets targets;

  @Mixin OutputOptions output;

  @Option(names = "--job", paramLabel = "NAME", description = "Flink job name or 32-hex-digit id")
  String job;

  @Option(
      names = "--flink-cluster",
      paramLabel = "NAME",
      description = "Flink cluster profile (lakeops.flink.clusters.NAME); default: default")
  String flinkCluster;

  @Option(
      names = "--table",
      paramLabel = "TABLE",
      description = "Table directory, or database.table in the warehouse")
  String table;

  @Option(names = "--topic", paramLabel = "TOPIC", description = "Kafka topic")
  String topic;

  @Option(names = "--group", paramLabel = "GROUP", description = "Kafka consumer group")
  String group;

  @Option(
      names = "--kafka-cluster",
      paramLabel = "NAME",
      description = "Kafka cluster profile (lakeops.kafka.clusters.NAME)")
  String kafkaCluster;

  @Option(
      names = "--alert-at",
      paramLabel = "INSTANT",
      description =
          "When the alert started firing (e.g. 2026-12-01T10:15:30Z); each change then says how"
              + " many minutes before it")
  String alertAt;

  @Option(names = "--since", paramLabel = "INSTANT", description = "Start of the window")
  String since;

  @Option(
      names = "--until",
      paramLabel = "INSTANT",
      description = "End of the window; default: --alert-at, else now")
  String until;

  @Option(
      names = "--lookback",
      paramLabel = "DURATION",
      description = "Length of the window when --since is not given; default 60m")
  String lookback;

  @Override
  public Integer call() {
    Map<String, String> args = new LinkedHashMap<>();
    put(args, "job", job);
    put(args, "flink_cluster", flinkCluster);
    put(args, "table", table);
    put(args, "topic", topic);
    put(args, "group", group);
    put(args, "kafka_cluster", kafkaCluster);
    put(args, "alert_at", alertAt);
    put(args, "since", since);
    put(args, "until", until);
    put(args, "lookback", lookback);
    if (job == null && table == null && topic == null && group == null) {
      throw new ParameterException(
          spec.commandLine(), "Name at least one of --job, --table, --topic, --group");
    }
    TriageTools tools;
    try {
      tools = TriageTools.forCommandLine(targets.properties(spec), Clock.systemUTC());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), FlinkClusterProfiles.FILE + ": " + e.getMessage());
    }
    ToolReport report = tools.registry().call(ChangeTools.RECENT, args);
    output.print(spec, report, ToolReportText::render);
    return report.status() == ToolReport.Status.ERROR ? 1 : 0;
  }

  private static void put(Map<String, String> args, String key, String value) {
    if (value != null && !value.isBlank()) {
      args.put(key, value.strip());
    }
  }
}
