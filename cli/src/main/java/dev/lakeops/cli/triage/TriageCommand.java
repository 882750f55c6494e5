package dev.lakeops.cli.triage;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.flink.FlinkClusterProfiles;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.tool.TriageConfig;
import dev.lakeops.runbooks.tool.TriageTools;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops triage --alert FILE.json}: the deterministic triage the agent runs, for every
 * firing alert of an Alertmanager payload, against the clusters of {@code
 * config/application.properties} (Flink and Kafka profiles, the table warehouse, and how alerts are
 * read: {@code lakeops.alerts.*}, see {@link AlertRouting}) or the ones given. Alertmanager and
 * Grafana payloads are read, with the rule's expression where the alert carries it. Lake tables are
 * table directories or {@code database.table} in the warehouse. Exit code 0 when every triage ran
 * (whatever it found), 2 for a bad payload or option.
 */
@Command(
    name = "triage",
    mixinStandardHelpOptions = true,
    description =
        "Triage an Alertmanager alert payload with the shipped runbooks, no LLM, and print the"
            + " report(s).")
public final class TriageCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--alert",
      required = true,
      paramLabel = "FILE.json",
      description = "Alertmanager (version 4) or Grafana (version 1) webhook payload")
  Path alert;

  @Mixin OutputOptions output;

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
      paramLabel = "DIR",
      description =
          "Warehouse the alerts' database.table names resolve in (instead of"
              + " lakeops.tables.warehouse)")
  Path warehouse;

  @Option(
      names = "--timeout",
      defaultValue = "5s",
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = "Timeout of each Flink REST and Kafka call; default ${DEFAULT-VALUE}")
  Duration timeout;

  @Override
  public Integer call() {
    List<AlertSignal> alerts;
    try {
      alerts = AlertmanagerFile.firingAlerts(alert);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--alert " + e.getMessage());
    }
    DeterministicPlanner planner;
    try {
      planner =
          TriageTools.forCommandLine(properties(), Clock.systemUTC())
              .planner(Clock.systemUTC(), AlertExamples.NONE);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), FlinkClusterProfiles.FILE + ": " + e.getMessage());
    }
    List<TriageReport> reports = new ArrayList<>();
    for (AlertSignal a : alerts) {
      reports.add(planner.triage(a));
    }
    output.print(
        spec,
        reports,
        r ->
            r.isEmpty()
                ? "No firing alert in " + alert + " (every alert is resolved)."
                : String.join("\n---\n\n", r.stream().map(TriageReport::toMarkdown).toList())
                    + "\n");
    return 0;
  }

  /**
   * The keys of {@code config/application.properties} with the options in their place: {@code
   * --rest} is the default Flink cluster, {@code --bootstrap} the only Kafka cluster, {@code
   * --warehouse} the warehouse and {@code --timeout} every Flink and Kafka call's.
   */
  private Map<String, String> properties() {
    Path workingDir = Path.of("").toAbsolutePath();
    Map<String, String> p;
    try {
      p = configProperties(workingDir);
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
    Path dir = warehouse(workingDir);
    if (dir == null) {
      p.remove(TriageConfig.WAREHOUSE);
    } else {
      p.put(TriageConfig.WAREHOUSE, dir.toString());
    }
    String perCall = timeout.toMillis() + "ms";
    p.put(TriageConfig.FLINK_TIMEOUT, perCall);
    p.put(TriageConfig.KAFKA_TIMEOUT, perCall);
    return p;
  }

  /**
   * The {@code lakeops.alerts.*} keys of {@code config/application.properties} under {@code
   * workingDir}; the defaults without the file.
   *
   * @throws IllegalArgumentException a key is unknown or its value does not read; the message names
   *     it
   */
  static AlertRouting alertRouting(Path workingDir) {
    return AlertRouting.fromProperties(configProperties(workingDir));
  }

  /**
   * {@code --warehouse}, else {@code lakeops.tables.warehouse} of the config file, else none (table
   * directories only).
   */
  private Path warehouse(Path workingDir) {
    String option = "--warehouse";
    Path dir = warehouse;
    if (dir == null) {
      String configured = configuredWarehouse(workingDir);
      if (configured.isEmpty()) {
        return null;
      }
      option = "lakeops.tables.warehouse in " + workingDir.resolve(FlinkClusterProfiles.FILE);
      dir = workingDir.resolve(configured);
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
    return dir.toAbsolutePath().normalize();
  }

  /**
   * {@code lakeops.tables.warehouse} of {@code config/application.properties} under {@code
   * workingDir}; empty if unset.
   *
   * @throws UncheckedIOException the file exists but cannot be read
   */
  static String configuredWarehouse(Path workingDir) {
    return configProperties(workingDir).getOrDefault("lakeops.tables.warehouse", "").strip();
  }

  /**
   * Every key of {@code config/application.properties} under {@code workingDir}; none if the file
   * is missing.
   *
   * @throws UncheckedIOException the file exists but cannot be read
   */
  static Map<String, String> configProperties(Path workingDir) {
    Path file = workingDir.resolve(FlinkClusterProfiles.FILE);
    Map<String, String> out = new LinkedHashMap<>();
    if (!Files.isRegularFile(file)) {
      return out;
    }
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + file, e);
    }
    p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
    return out;
  }
}
