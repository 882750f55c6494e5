package dev.lakeops.cli.actions;

import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.Proposal;
import picocli.CommandLine.Command;

/** {@code lakeops actions reject ID --as U}: closes a proposal; it can never run. */
@Command(
    name = "reject",
    mixinStandardHelpOptions = true,
    description = "Reject a proposal; it can never run.")
final class ActionsRejectCommand extends ActionsDecisionCommand {

  @Override
  void decide(ApprovalGate gate, ApprovalSource source) {
    Proposal p = gate.reject(id, user, source);
    spec.commandLine()
        .getOut()
        .println("proposal " + p.id() + " rejected by " + user + "; state " + p.state());
    spec.commandLine().getOut().flush();
  }
}
