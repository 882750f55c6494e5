package dev.lakeops.cli.actions;

import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalJson;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops actions approve ID --as U}: approves exactly the stored proposal. */
@Command(name = "approve", mixinStandardHelpOptions = true, description = "Approve a proposal as a configured approver.")
final class ActionsApproveCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin ActionsStateOptions state;

  @Parameters(index = "0", paramLabel = "ID")
  String id;

  @Option(names = "--as", required = true, paramLabel = "USER", description = "The approver (lakeops.approvers.USER.roles)")
  String user;

  @Option(names = "--from", paramLabel = "WHERE", description = "Where the approval comes from (host, ticket); default: this host")
  String from;

  @Option(names = "--json", description = "Print the proposal as JSON")
  boolean json;

  @Override
  public Integer call() {
    Proposal p = state.gate(spec).approve(id, user, ApprovalSource.cli(from == null ? host() : from));
    PrintWriter out = spec.commandLine().getOut();
    out.println(json ? ProposalJson.toJson(p) : "proposal " + p.id() + " approved by " + user + "; state " + p.state()
        + " (" + p.approvers().size() + " of " + p.action().tier().approvalsRequired() + " approvals)");
    out.flush();
    return 0;
  }

  static String host() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      return "unknown host";
    }
  }
}
