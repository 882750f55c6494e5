package dev.lakeops.cli;

import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.DirectTargets;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApproverDirectory;
import dev.lakeops.runbooks.approval.FileProposalStore;
import dev.lakeops.runbooks.audit.FileAuditLog;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Properties;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where the {@code actions} and {@code audit} commands keep their state and read approvers:
 * proposals in {@code <state-dir>/proposals/<id>.json}, the audit log in
 * {@code <state-dir>/audit.jsonl}, approvers from {@code lakeops.approvers.<user>.roles} in
 * {@code config/application.properties}.
 */
final class ActionsStateOptions {

  static final Path DEFAULT_CONFIG = Path.of("config", "application.properties");

  @Option(names = "--state-dir", paramLabel = "DIR", description = "Proposals and audit log (default: .lakeops/actions in the checkout)")
  Path stateDir;

  @Option(names = "--config", paramLabel = "FILE", description = "Approvers: lakeops.approvers.<user>.roles=approver|viewer (default: config/application.properties)")
  Path config;

  Path stateDir() {
    return (stateDir == null ? LakeopsHome.path().resolve(".lakeops/actions") : stateDir).toAbsolutePath().normalize();
  }

  FileProposalStore store() {
    return new FileProposalStore(stateDir().resolve("proposals"));
  }

  FileAuditLog audit() {
    return new FileAuditLog(stateDir().resolve("audit.jsonl"), Clock.systemUTC());
  }

  /**
   * @throws ParameterException the configuration file cannot be read or holds a malformed approver key
   */
  ApproverDirectory approvers(CommandSpec spec) {
    Path file = config == null ? Path.of("").toAbsolutePath().resolve(DEFAULT_CONFIG) : config;
    Properties props = new Properties();
    if (Files.isRegularFile(file)) {
      try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        props.load(in);
      } catch (IOException e) {
        throw new ParameterException(spec.commandLine(), "--config " + file + ": cannot read (" + e.getMessage() + ")");
      }
    } else if (config != null) {
      throw new ParameterException(spec.commandLine(), "--config " + file + ": no such file");
    }
    try {
      return ApproverDirectory.fromProperties(props);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), file + ": " + e.getMessage());
    }
  }

  ApprovalGate gate(CommandSpec spec) {
    return new ApprovalGate(store(), audit(), approvers(spec), new Actions(new DirectTargets(Duration.ofSeconds(10))),
        Clock.systemUTC());
  }
}
