package dev.lakeops.cli.actions;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.LakeopsHome;
import dev.lakeops.cli.flink.FlinkClusterProfiles;
import dev.lakeops.runbooks.action.ActionTargets;
import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.ConfiguredTargets;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApproverDirectory;
import dev.lakeops.runbooks.approval.FileProposalStore;
import dev.lakeops.runbooks.audit.FileAuditLog;
import dev.lakeops.runbooks.setup.TriageConfig;
import dev.lakeops.tools.kafka.KafkaClusters;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where the {@code actions} and {@code audit} commands keep their state and read approvers:
 * proposals in {@code <state-dir>/proposals/<id>.json}, the audit log in {@code
 * <state-dir>/audit.jsonl}; approvers ({@code lakeops.approvers.<user>.roles}) and Kafka and Flink
 * profiles from {@code config/application.properties}, the keys the other commands read.
 */
final class ActionsStateOptions {

  /** The Flink cluster approved compactions run on (a profile name or a REST URL). */
  static final String MAINTENANCE_FLINK_CLUSTER = "lakeops.tables.maintenance.flink-cluster";

  static final Path DEFAULT_CONFIG = Path.of("config", "application.properties");
  private static final Pattern FLINK_KEY =
      Pattern.compile("lakeops\\.flink\\.clusters\\.([^.]+)\\.rest-url");
  private static final Pattern CONNECT_KEY =
      Pattern.compile("lakeops\\.connect\\.workers\\.([^.]+)\\.(url|jmx-url)");

  @Option(
      names = "--state-dir",
      paramLabel = "DIR",
      description = "Proposals and audit log (default: .lakeops/actions in the checkout)")
  Path stateDir;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "Approvers: lakeops.approvers.<user>.roles=approver|viewer (default:"
              + " config/application.properties)")
  Path config;

  Path stateDir() {
    return (stateDir == null ? LakeopsHome.path().resolve(".lakeops/actions") : stateDir)
        .toAbsolutePath()
        .normalize();
  }

  FileProposalStore store() {
    return new FileProposalStore(stateDir().resolve("proposals"));
  }

  FileAuditLog audit() {
    return new FileAuditLog(stateDir().resolve("audit.jsonl"), Clock.systemUTC());
  }

  /**
   * @throws ParameterException the configuration file cannot be read or holds a malformed approver
   *     key
   */
  ApproverDirectory approvers(CommandSpec spec) {
    try {
      return ApproverDirectory.fromProperties(properties(spec));
    } catch (IllegalArgumentException e) {
      throw CliErrors.badInput(spec, configFile().toString(), e);
    }
  }

  /** Kafka, Flink and Kafka Connect profiles of the configuration, then direct addresses. */
  ActionTargets targets(CommandSpec spec) {
    Properties props = properties(spec);
    Map<String, String> flink = new TreeMap<>();
    String defaultUrl = props.getProperty("lakeops.flink.rest-url");
    if (defaultUrl != null && !defaultUrl.isBlank()) {
      flink.put(FlinkClusterProfiles.DEFAULT, defaultUrl.strip());
    }
    for (String key : props.stringPropertyNames()) {
      Matcher m = FLINK_KEY.matcher(key);
      if (m.matches() && !props.getProperty(key).isBlank()) {
        flink.put(m.group(1), props.getProperty(key).strip());
      }
    }
    try {
      Map<String, String> store = new TreeMap<>();
      for (String key : props.stringPropertyNames()) {
        if (key.startsWith(TriageConfig.STORE_PREFIX)) {
          store.put(
              key.substring(TriageConfig.STORE_PREFIX.length()), props.getProperty(key).strip());
        }
      }
      Map<String, String> connect = new TreeMap<>();
      Map<String, String> connectJmx = new TreeMap<>();
      for (String key : props.stringPropertyNames()) {
        Matcher m = CONNECT_KEY.matcher(key);
        if (m.matches() && !props.getProperty(key).isBlank()) {
          (m.group(2).equals("url") ? connect : connectJmx)
              .put(m.group(1), props.getProperty(key).strip());
        }
      }
      return new ConfiguredTargets(
          KafkaClusters.fromProperties(props),
          flink,
          Duration.ofSeconds(10),
          store,
          props.getProperty(MAINTENANCE_FLINK_CLUSTER),
          connect,
          connectJmx);
    } catch (IllegalArgumentException e) {
      throw CliErrors.badInput(spec, configFile().toString(), e);
    }
  }

  private Path configFile() {
    return config == null ? Path.of("").toAbsolutePath().resolve(DEFAULT_CONFIG) : config;
  }

  private Properties properties(CommandSpec spec) {
    Path file = configFile();
    Properties props = new Properties();
    if (Files.isRegularFile(file)) {
      try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        props.load(in);
      } catch (IOException e) {
        throw new ParameterException(
            spec.commandLine(), "--config " + file + ": cannot read (" + e.getMessage() + ")");
      }
    } else if (config != null) {
      throw new ParameterException(spec.commandLine(), "--config " + file + ": no such file");
    }
    return props;
  }

  ApprovalGate gate(CommandSpec spec) {
    return new ApprovalGate(
        store(), audit(), approvers(spec), new Actions(targets(spec)), Clock.systemUTC());
  }
}
