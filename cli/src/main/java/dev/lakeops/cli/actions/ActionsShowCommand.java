package dev.lakeops.cli.actions;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParameterException;

/** {@code lakeops actions show ID}: a stored proposal with its preview and decisions. */
@Command(
    name = "show",
    mixinStandardHelpOptions = true,
    description = "Show a proposal: action, arguments, assumed state, preview, decisions.")
final class ActionsShowCommand extends ActionsProposalCommand {

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    Proposal p =
        state
            .store()
            .find(id)
            .orElseThrow(
                () ->
                    new ParameterException(
                        spec.commandLine(), "no proposal " + id + " in " + state.stateDir()));
    output.print(spec, p, ProposalJson::toJson, ActionsText::proposal);
    return 0;
  }
}
