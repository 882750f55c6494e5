package dev.lakeops.cli.triage;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.flink.FlinkClusterProfiles;
import dev.lakeops.runbooks.setup.TriageConfig;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where the triage tools look, for {@code triage} and {@code changes}: the keys of {@code
 * config/application.properties} (the agent's), with {@code --rest}, {@code --bootstrap}, {@code
 * --warehouse} and {@code --timeout} in their place. Both commands then build their tools with the
 * agent's own setup ({@link dev.lakeops.runbooks.setup.TriageTools}).
 */
public final class TriageTargets {

  @Option(
      names = "--rest",
      paramLabel = "URL",
      description = "Flink REST address of the default cluster (instead of lakeops.flink.rest-url)")
  String rest;

  @Option(
      names = "--bootstrap",
      paramLabel = "HOST:PORT",
      description = "Kafka bootstrap servers of the cluster named 'default'")
  String bootstrap;

  @Option(
      names = "--warehouse",
      paramLabel = "DIR|URI",
      description =
          "Warehouse the alerts' database.table names resolve in: a directory, s3://BUCKET/PATH or"
              + " hdfs://NAMENODE:PORT/PATH (instead of lakeops.tables.warehouse)")
  String warehouse;

  @Option(
      names = "--store",
      paramLabel = "KEY=VALUE",
      description =
          "A setting of the warehouse's store, e.g. s3.endpoint=http://127.0.0.1:9000 (repeatable;"
              + " instead of lakeops.tables.store.KEY)")
  Map<String, String> store = new java.util.TreeMap<>();

  @Option(
      names = "--timeout",
      defaultValue = "5s",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Timeout of each Flink REST and Kafka call; default ${DEFAULT-VALUE}")
  Duration timeout;

  /**
   * The keys of {@code config/application.properties} with the options in their place: {@code
   * --rest} is the default Flink cluster, {@code --bootstrap} the only Kafka cluster, {@code
   * --warehouse} the warehouse and {@code --timeout} every Flink and Kafka call's.
   */
  Map<String, String> properties(CommandSpec spec) {
    Path workingDir = Path.of("").toAbsolutePath();
    Map<String, String> p;
    try {
      p = TriageCommand.configProperties(workingDir);
    } catch (UncheckedIOException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    if (rest != null) {
      p.put(TriageConfig.FLINK_REST_URL, rest);
    }
    if (bootstrap != null) {
      try {
        KafkaCluster.direct(bootstrap);
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), "--bootstrap: " + e.getMessage());
      }
      p.keySet().removeIf(k -> k.startsWith(KafkaClusters.PREFIX));
      p.put(KafkaClusters.PREFIX + "default.bootstrap-servers", bootstrap);
    }
    String where = warehouse(spec, workingDir);
    if (where == null) {
      p.remove(TriageConfig.WAREHOUSE);
    } else {
      p.put(TriageConfig.WAREHOUSE, where);
    }
    store.forEach((k, v) -> p.put(TriageConfig.STORE_PREFIX + k, v));
    String perCall = timeout.toMillis() + "ms";
    p.put(TriageConfig.FLINK_TIMEOUT, perCall);
    p.put(TriageConfig.KAFKA_TIMEOUT, perCall);
    return p;
  }

  /**
   * {@code --warehouse}, else {@code lakeops.tables.warehouse} of the config file, else none (table
   * directories only): a store URI as it is (the triage's configuration checks it), a directory
   * absolute.
   */
  private String warehouse(CommandSpec spec, Path workingDir) {
    String option = "--warehouse";
    String given = warehouse;
    if (given == null) {
      given = TriageCommand.configuredWarehouse(workingDir);
      if (given.isEmpty()) {
        return null;
      }
      option = "lakeops.tables.warehouse in " + workingDir.resolve(FlinkClusterProfiles.FILE);
    }
    if (!FileIOs.isLocal(given)) {
      return given;
    }
    Path dir;
    try {
      dir = workingDir.resolve(FileIOs.rootPath(given));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), option + " " + given + ": " + e.getMessage());
    }
    if (!Files.isDirectory(dir)) {
      throw new ParameterException(
          spec.commandLine(),
          option
              + " "
              + dir
              + ": "
              + (Files.exists(dir) ? "not a directory" : "no such directory"));
    }
    return dir.toAbsolutePath().normalize().toString();
  }
}
