package dev.lakeops.eval.actions;

import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.action.Actions;
import dev.lakeops.runbooks.action.DirectTargets;
import dev.lakeops.runbooks.action.RiskTier;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.ApproverDirectory;
import dev.lakeops.runbooks.approval.ExecutionReport;
import dev.lakeops.runbooks.approval.FileProposalStore;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalRequest;
import dev.lakeops.runbooks.audit.FileAuditLog;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

/** A file-backed gate with approvers alice and bob and executor carol. */
final class GateSetup {

  final FileAuditLog audit;
  final ApprovalGate gate;

  GateSetup(Path dir) {
    audit = new FileAuditLog(dir.resolve("audit.jsonl"), Clock.systemUTC());
    Properties props = new Properties();
    props.setProperty("lakeops.approvers.alice.roles", "approver");
    props.setProperty("lakeops.approvers.bob.roles", "approver");
    props.setProperty("lakeops.approvers.carol.roles", "viewer");
    gate =
        new ApprovalGate(
            new FileProposalStore(dir.resolve("proposals")),
            audit,
            ApproverDirectory.fromProperties(props),
            new Actions(new DirectTargets(Duration.ofSeconds(10))),
            Clock.systemUTC());
  }

  Proposal propose(ActionKind kind, Map<String, String> args) {
    return gate.propose(ProposalRequest.of(kind, args, "agent"));
  }

  /** Approves as the tier requires, then executes as carol. */
  ExecutionReport approveAndExecute(Proposal p) {
    gate.approve(p.id(), "alice", ApprovalSource.cli("it"));
    if (p.action().tier() == RiskTier.DESTRUCTIVE) {
      gate.approve(p.id(), "bob", ApprovalSource.cli("it"));
    }
    return gate.execute(p.id(), "carol");
  }
}
