package dev.lakeops.cli.triage;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.cli.flink.FlinkClusterProfiles;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.alert.AlertRouting;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.route.AlertExamples;
import dev.lakeops.runbooks.setup.TriageTools;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
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

  @Mixin TriageTargets targets;

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
          TriageTools.forCommandLine(targets.properties(spec), Clock.systemUTC())
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
