package dev.lakeops.cli.table;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.flink.FlinkClusterProfiles;
import dev.lakeops.table.flink.maintenance.FlinkJobRunner;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --on-flink (--cluster NAME | --rest URL)}: run a table's maintenance as a job on a Flink
 * cluster instead of in this process.
 */
final class FlinkSubmitOptions {

  @Option(
      names = "--on-flink",
      description =
          "Run as a job on a Flink cluster (--cluster NAME or --rest URL), following it to its end")
  boolean onFlink;

  @Option(
      names = "--cluster",
      paramLabel = "NAME",
      description =
          "With --on-flink: cluster profile (lakeops.flink.clusters.NAME.rest-url; 'default' is"
              + " lakeops.flink.rest-url)")
  String cluster;

  @Option(
      names = "--rest",
      paramLabel = "URL",
      description = "With --on-flink: the JobManager's REST address, e.g. http://127.0.0.1:8081")
  String rest;

  @Option(
      names = "--job-timeout",
      defaultValue = "30m",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "With --on-flink: how long to follow the job (default ${DEFAULT-VALUE})")
  Duration timeout;

  /**
   * Whether the command runs on Flink.
   *
   * @throws ParameterException --cluster or --rest without --on-flink, or both given
   */
  boolean enabled(CommandSpec spec) {
    if (!onFlink && (cluster != null || rest != null)) {
      throw new ParameterException(
          spec.commandLine(), (rest != null ? "--rest" : "--cluster") + " needs --on-flink");
    }
    if (cluster != null && rest != null) {
      throw new ParameterException(
          spec.commandLine(), "--cluster and --rest: give one of them, not both");
    }
    return onFlink;
  }

  /**
   * The REST address of the cluster chosen.
   *
   * @throws ParameterException no address configured or given, an unknown profile, or a URL that is
   *     not http(s)://HOST:PORT
   */
  URI restUrl(CommandSpec spec) {
    String url = rest;
    String option = "--rest";
    if (url == null) {
      try {
        url = FlinkClusterProfiles.load(Path.of("").toAbsolutePath()).restUrlOf(cluster);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--on-flink: " + e.getMessage());
      }
      option = "--cluster " + (cluster == null ? FlinkClusterProfiles.DEFAULT : cluster);
    }
    try {
      return FlinkJobRunner.restAddress(url, option);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /** The engine's jars to ship with the job, from the product's build. */
  static List<Path> engineJars() {
    return FlinkJobRunner.engineJarsOfThisInstallation();
  }

  /** The error line of a job that did not finish. */
  static IllegalStateException failed(String what, FlinkJobRunner.Outcome job) {
    return new IllegalStateException(job.failureOf(what));
  }
}
