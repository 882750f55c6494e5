package dev.lakeops.cli.triage;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.flink.FlinkClusterProfiles;
import dev.lakeops.cli.kafka.KafkaTarget;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.tool.BinlogBindings;
import dev.lakeops.runbooks.tool.FlinkBindings;
import dev.lakeops.runbooks.tool.KafkaBindings;
import dev.lakeops.runbooks.tool.TableBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.binlog.BinlogTools;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.KafkaTools;
import dev.lakeops.tools.kafka.LagHistory;
import dev.lakeops.tools.kafka.LagRules;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
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
 * config/application.properties} (Flink and Kafka profiles, the table warehouse) or the ones given.
 * Lake tables are table directories or {@code database.table} in the warehouse. Exit code 0 when
 * every triage ran (whatever it found), 2 for a bad payload or option.
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
      description = "Alertmanager webhook payload (version 4)")
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
    DeterministicPlanner planner = DeterministicPlanner.shipped(tools(), Clock.systemUTC());
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

  private ToolRegistry tools() {
    Path workingDir = Path.of("").toAbsolutePath();
    ToolRegistry registry =
        new ToolRegistry()
            .registerAll(BinlogBindings.of(new BinlogTools()))
            .registerAll(
                TableBindings.of(new TableTools(TableLocator.local(warehouse(workingDir)))));
    Map<String, String> flinkUrls =
        new LinkedHashMap<>(FlinkClusterProfiles.load(workingDir).restUrls());
    if (rest != null) {
      flinkUrls.put(FlinkClusterProfiles.DEFAULT, rest);
    }
    if (!flinkUrls.isEmpty()) {
      Map<String, FlinkTools> byName = new LinkedHashMap<>();
      flinkUrls.forEach(
          (name, url) -> {
            try {
              byName.put(
                  name,
                  new FlinkTools(
                      new FlinkJobProbe(new FlinkRestClient(url, timeout)),
                      new BackpressureAnalyzer()));
            } catch (IllegalArgumentException e) {
              throw CliErrors.badInput(spec, "Flink cluster '" + name + "' (" + url + ")", e);
            }
          });
      String defaultName =
          byName.containsKey(FlinkClusterProfiles.DEFAULT)
              ? FlinkClusterProfiles.DEFAULT
              : byName.keySet().iterator().next();
      registry.registerAll(FlinkBindings.of(new FlinkClusters(byName, defaultName)));
    }
    KafkaClusters kafka;
    try {
      if (bootstrap != null) {
        KafkaCluster direct = KafkaCluster.direct(bootstrap);
        kafka =
            KafkaClusters.of(
                List.of(new KafkaCluster("default", direct.bootstrapServers(), Map.of())));
      } else {
        kafka = KafkaClusters.load(workingDir.resolve(KafkaTarget.CONFIG));
      }
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), (bootstrap != null ? "--bootstrap: " : "") + e.getMessage());
    }
    KafkaTools kafkaTools =
        new KafkaTools(
            kafka,
            KafkaProbeOptions.defaults().withTimeout(timeout),
            LagRules.defaults(),
            LagHistory.defaults(),
            Clock.systemUTC());
    return registry.registerAll(KafkaBindings.of(kafkaTools, kafka));
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
    Path file = workingDir.resolve(FlinkClusterProfiles.FILE);
    if (!Files.isRegularFile(file)) {
      return "";
    }
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to read " + file, e);
    }
    return p.getProperty("lakeops.tables.warehouse", "").strip();
  }
}
