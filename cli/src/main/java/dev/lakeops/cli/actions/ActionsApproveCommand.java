package dev.lakeops.cli.actions;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.ProposalJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code lakeops actions approve ID --as U}: approves exactly the stored proposal. */
@Command(
    name = "approve",
    mixinStandardHelpOptions = true,
    description = "Approve a proposal as a configured approver.")
final class ActionsApproveCommand extends ActionsDecisionCommand {

  @Mixin OutputOptions output;

  @Override
  void decide(ApprovalGate gate, ApprovalSource source) {
    output.print(
        spec,
        gate.approve(id, user, source),
        ProposalJson::toJson,
        p ->
            "proposal "
                + p.id()
                + " approved by "
                + user
                + "; state "
                + p.state()
                + " ("
                + p.approvers().size()
                + " of "
                + p.action().tier().approvalsRequired()
                + " approvals)");
  }
}
