package dev.lakeops.cli.actions;

import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalJson;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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

  @Option(names = "--json", description = "Print JSON")
  boolean json;

  @Override
  public Integer call() {
    Proposal p = state.store().find(id).orElseThrow(() -> new ParameterException(spec.commandLine(),
        "no proposal " + id + " in " + state.stateDir()));
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? ProposalJson.toJson(p) + "\n" : ActionsText.proposal(p));
    out.flush();
    return 0;
  }
}
