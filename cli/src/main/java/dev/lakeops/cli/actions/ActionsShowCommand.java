package dev.lakeops.cli.actions;

import dev.lakeops.cli.OutputOptions;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalJson;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code lakeops actions show ID}: a stored proposal with its preview and decisions. */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Show a proposal: action, arguments, assumed state, preview, decisions.")
final class ActionsShowCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin ActionsStateOptions state;

  @Parameters(index = "0", paramLabel = "ID")
  String id;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    Proposal p = state.store().find(id).orElseThrow(() -> new ParameterException(spec.commandLine(),
        "no proposal " + id + " in " + state.stateDir()));
    output.print(spec, p, ProposalJson::toJson, ActionsText::proposal);
    return 0;
  }
}
