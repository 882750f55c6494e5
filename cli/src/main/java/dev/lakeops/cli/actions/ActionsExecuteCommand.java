package dev.lakeops.cli.actions;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.runbooks.approval.ExecutionReport;
import dev.lakeops.runbooks.approval.ProposalJson;
import dev.lakeops.runbooks.approval.ProposalState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code lakeops actions execute ID --as U}: runs the stored proposal if the gate allows it. Exit 0
 * when it ran and verified, 1 when refused or failed, 2 when it ran but verification failed.
 */
@Command(
    name = "execute",
    mixinStandardHelpOptions = true,
    description =
        "Execute an approved proposal (once), after re-checking approvals, expiry and the live"
            + " state.")
final class ActionsExecuteCommand extends ActionsProposalCommand {

  @Option(
      names = "--as",
      required = true,
      paramLabel = "USER",
      description = "Who executes (a configured user)")
  String user;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    ExecutionReport r = state.gate(spec).execute(id, user);
    output.print(spec, r, ProposalJson::write, ActionsText::execution);
    if (r.state() != ProposalState.DONE) {
      return 1;
    }
    return r.verification() != null && r.verification().passed() ? 0 : 2;
  }
}
