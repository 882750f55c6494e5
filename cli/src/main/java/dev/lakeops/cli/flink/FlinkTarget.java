package dev.lakeops.cli.flink;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.flink.Sampling;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options that say which Flink cluster a command reads: a configured profile or a direct URL.
 */
final class FlinkTarget {

  @Option(
      names = "--cluster",
      paramLabel = "NAME",
      description =
          "Cluster profile from config/application.properties"
              + " (lakeops.flink.clusters.NAME.rest-url; 'default' is lakeops.flink.rest-url)")
  String cluster;

  @Option(
      names = "--rest",
      paramLabel = "URL",
      description = "Flink REST address, e.g. http://127.0.0.1:8081 (instead of --cluster)")
  String rest;

  @Option(
      names = "--timeout",
      defaultValue = "5s",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Timeout of each REST call (e.g. 5s, 500ms); default ${DEFAULT-VALUE}")
  Duration timeout;

  /**
   * The profile name the target stands for: the given cluster, {@code default}, or {@code rest} for
   * a direct URL.
   */
  String name() {
    return rest != null ? "rest" : cluster != null ? cluster : FlinkClusterProfiles.DEFAULT;
  }

  /**
   * The tools of the chosen cluster.
   *
   * @throws ParameterException both or neither target given with no default profile, an unknown
   *     profile (naming the configured ones), or a malformed URL
   */
  FlinkTools tools(CommandSpec spec, Sampling sampling) {
    if (cluster != null && rest != null) {
      throw new ParameterException(
          spec.commandLine(), "--cluster and --rest: give one of them, not both");
    }
    String url = rest;
    String option = "--rest";
    if (url == null) {
      try {
        url = FlinkClusterProfiles.load(Path.of("").toAbsolutePath()).restUrlOf(cluster);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), e.getMessage());
      }
      option =
          cluster == null
              ? "lakeops.flink.rest-url"
              : "lakeops.flink.clusters." + cluster + ".rest-url";
    }
    try {
      return new FlinkTools(
          new FlinkJobProbe(new FlinkRestClient(url, timeout), sampling, Clock.systemUTC()),
          new BackpressureAnalyzer());
    } catch (IllegalArgumentException e) {
      throw CliErrors.badInput(spec, option, e);
    }
  }
}
