package dev.lakeops.cli.actions;

import dev.lakeops.runbooks.approval.ApprovalGate;
import dev.lakeops.runbooks.approval.ApprovalSource;
import picocli.CommandLine.Option;

/**
 * What approving and rejecting a proposal share: the proposal, the approver, and where the decision
 * comes from. The gate checks the approver's role; its refusals end the command with exit code 1.
 */
abstract class ActionsDecisionCommand extends ActionsProposalCommand {

  @Option(
      names = "--as",
      required = true,
      paramLabel = "USER",
      description = "The approver (lakeops.approvers.USER.roles)")
  String user;

  // The help of --from differs per command: OptionHelp.properties.
  @Option(
      names = "--from",
      paramLabel = "WHERE",
      descriptionKey = "from",
      description = "Where the decision comes from; default: this host")
  String from;

  /**
   * Records the decision of {@link #user} on proposal {@link #id}, made at {@code source}, and
   * prints it.
   */
  abstract void decide(ApprovalGate gate, ApprovalSource source);

  @Override
  public Integer call() {
    decide(state.gate(spec), ApprovalSource.cli(from == null ? host() : from));
    return 0;
  }

  private static String host() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      return "unknown host";
    }
  }
}
