package dev.lakeops.cli.kafka;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options every {@code kafka} command shares: which cluster (a profile from {@code
 * config/application.properties} in the working directory, or a bootstrap address) and the timeout.
 */
public final class KafkaTarget {

  public static final Path CONFIG = Path.of("config", "application.properties");

  @Option(
      names = "--cluster",
      paramLabel = "NAME",
      description =
          "Cluster profile: lakeops.kafka.clusters.NAME.bootstrap-servers in"
              + " config/application.properties")
  String cluster;

  @Option(
      names = "--bootstrap",
      paramLabel = "HOST:PORT",
      description = "Bootstrap servers, e.g. 127.0.0.1:9092 (instead of --cluster)")
  String bootstrap;

  @Option(
      names = "--timeout",
      defaultValue = "5s",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Timeout of each Kafka call (e.g. 5s, 500ms); default ${DEFAULT-VALUE}")
  Duration timeout;

  /**
   * The chosen cluster.
   *
   * @throws ParameterException neither or both of --cluster and --bootstrap, an unknown profile
   *     (naming the configured ones), or a malformed address
   */
  KafkaCluster cluster(CommandSpec spec) {
    if ((cluster == null) == (bootstrap == null)) {
      throw new ParameterException(
          spec.commandLine(), "give one of --cluster NAME or --bootstrap HOST:PORT");
    }
    try {
      if (bootstrap != null) {
        return KafkaCluster.direct(bootstrap);
      }
      return KafkaClusters.load(Path.of("").toAbsolutePath().resolve(CONFIG)).resolve(cluster);
    } catch (IllegalArgumentException e) {
      throw CliErrors.badInput(spec, bootstrap != null ? "--bootstrap" : "--cluster", e);
    }
  }

  KafkaTools tools(LagRules rules) {
    return new KafkaTools(
        KafkaClusters.of(java.util.List.of()),
        KafkaProbeOptions.defaults().withTimeout(timeout),
        rules,
        LagHistory.defaults(),
        Clock.systemUTC());
  }

  /** Exit code: 0 when the tool ran (whatever it found), 1 when it could not. */
  public static int exitCode(ToolReport report) {
    return report.status() == ToolReport.Status.ERROR ? 1 : 0;
  }
}
