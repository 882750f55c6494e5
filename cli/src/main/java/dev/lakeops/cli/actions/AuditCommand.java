package dev.lakeops.cli.actions;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.runbooks.approval.ProposalJson;
import dev.lakeops.runbooks.audit.AuditEntry;
import dev.lakeops.runbooks.audit.AuditRecord;
import dev.lakeops.runbooks.audit.ChainVerification;
import dev.lakeops.runbooks.audit.FileAuditLog;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops audit [--since TIME] [--verify]}: the audit log of proposals, approvals, refusals,
 * executions and verifications; {@code --verify} checks its hash chain (exit 1 when broken).
 */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    description =
        "Read the audit log of actions; --verify checks that no record was changed, removed or"
            + " reordered.")
public final class AuditCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin ActionsStateOptions state;

  @Option(
      names = "--since",
      paramLabel = "TIME",
      description =
          "Only records at or after TIME: ISO-8601 (2026-01-01T00:00:00Z) or an age (30m, 2h)")
  String since;

  @Option(
      names = "--verify",
      description = "Check the hash chain and report the first broken record")
  boolean verify;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    FileAuditLog log = state.audit();
    if (verify) {
      ChainVerification check = log.verifyChain();
      output.print(
          spec,
          check,
          ProposalJson::write,
          c ->
              c.intact()
                  ? "audit log " + log.file() + ": " + c.records() + " records, chain intact"
                  : "audit log "
                      + log.file()
                      + ": chain BROKEN at line "
                      + c.firstBroken().getAsLong()
                      + ": "
                      + c.problem());
      return check.intact() ? 0 : 1;
    }
    output.print(spec, log.read(parseSince()), ProposalJson::write, records -> text(records, log));
    return 0;
  }

  private String text(List<AuditRecord> records, FileAuditLog log) {
    if (records.isEmpty()) {
      return "no audit records" + (since == null ? "" : " since " + since) + " in " + log.file();
    }
    StringBuilder s = new StringBuilder();
    for (AuditRecord r : records) {
      AuditEntry e = r.entry();
      s.append(r.seq())
          .append(' ')
          .append(r.at())
          .append(' ')
          .append(e.event())
          .append(' ')
          .append(e.actor())
          .append(e.proposalId() == null ? "" : " " + e.proposalId())
          .append(e.action() == null ? "" : " " + e.action())
          .append(": ")
          .append(e.summary())
          .append('\n');
    }
    return s.toString();
  }

  private Instant parseSince() {
    if (since == null) {
      return Instant.EPOCH;
    }
    try {
      return Instant.parse(since.strip());
    } catch (DateTimeParseException e) {
      try {
        Duration age = new DurationConverter().convert(since);
        return Instant.now().minus(age);
      } catch (RuntimeException notAnAge) {
        throw new ParameterException(
            spec.commandLine(),
            "--since '"
                + since
                + "': expected ISO-8601 such as 2026-01-01T00:00:00Z or an age such as 30m");
      }
    }
  }
}
