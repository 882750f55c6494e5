package dev.lakeops.cli.actions;

import dev.lakeops.cli.DurationConverter;

import dev.lakeops.runbooks.approval.ProposalJson;
import dev.lakeops.runbooks.audit.AuditEntry;
import dev.lakeops.runbooks.audit.AuditRecord;
import dev.lakeops.runbooks.audit.ChainVerification;
import dev.lakeops.runbooks.audit.FileAuditLog;
import java.io.PrintWriter;
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
@Command(name = "audit", mixinStandardHelpOptions = true,
    description = "Read the audit log of actions; --verify checks that no record was changed, removed or reordered.")
public final class AuditCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin ActionsStateOptions state;

  @Option(names = "--since", paramLabel = "TIME", description = "Only records at or after TIME: ISO-8601 (2026-01-01T00:00:00Z) or an age (30m, 2h)")
  String since;

  @Option(names = "--verify", description = "Check the hash chain and report the first broken record")
  boolean verify;

  @Option(names = "--json", description = "Print JSON")
  boolean json;

  @Override
  public Integer call() {
    FileAuditLog log = state.audit();
    PrintWriter out = spec.commandLine().getOut();
    if (verify) {
      ChainVerification check = log.verifyChain();
      out.println(json ? ProposalJson.write(check) : check.intact()
          ? "audit log " + log.file() + ": " + check.records() + " records, chain intact"
          : "audit log " + log.file() + ": chain BROKEN at line " + check.firstBroken().getAsLong() + ": " + check.problem());
      out.flush();
      return check.intact() ? 0 : 1;
    }
    List<AuditRecord> records = log.read(parseSince());
    if (json) {
      out.println(ProposalJson.write(records));
    } else {
      for (AuditRecord r : records) {
        AuditEntry e = r.entry();
        out.println(r.seq() + " " + r.at() + " " + e.event() + " " + e.actor()
            + (e.proposalId() == null ? "" : " " + e.proposalId()) + (e.action() == null ? "" : " " + e.action()) + ": " + e.summary());
      }
      if (records.isEmpty()) {
        out.println("no audit records" + (since == null ? "" : " since " + since) + " in " + log.file());
      }
    }
    out.flush();
    return 0;
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
        throw new ParameterException(spec.commandLine(), "--since '" + since + "': expected ISO-8601 such as 2026-01-01T00:00:00Z or an age such as 30m");
      }
    }
  }
}
