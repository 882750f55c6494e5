package dev.lakeops.cli.actions;

import dev.lakeops.runbooks.approval.ApprovalSource;
import dev.lakeops.runbooks.approval.Proposal;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lakeops actions reject ID --as U}: closes a proposal; it can never run. */
@Command(name = "reject", mixinStandardHelpOptions = true, description = "Reject a proposal; it can never run.")
final class ActionsRejectCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin ActionsStateOptions state;

  @Parameters(index = "0", paramLabel = "ID")
  String id;

  @Option(names = "--as", required = true, paramLabel = "USER", description = "The approver (lakeops.approvers.USER.roles)")
  String user;

  @Option(names = "--from", paramLabel = "WHERE", description = "Where the decision comes from; default: this host")
  String from;

  @Override
  public Integer call() {
    Proposal p = state.gate(spec).reject(id, user, ApprovalSource.cli(from == null ? ActionsApproveCommand.host() : from));
    spec.commandLine().getOut().println("proposal " + p.id() + " rejected by " + user + "; state " + p.state());
    spec.commandLine().getOut().flush();
    return 0;
  }
}
