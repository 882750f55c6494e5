package dev.lakeops.cli.actions;

import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalJson;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code lakeops actions list}: every proposal, oldest first. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List proposals, oldest first.")
final class ActionsListCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin ActionsStateOptions state;

  @Option(names = "--json", description = "Print a JSON array of proposals")
  boolean json;

  @Override
  public Integer call() {
    List<Proposal> all = state.store().list();
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(ProposalJson.write(all));
    } else if (all.isEmpty()) {
      out.println("no proposals in " + state.stateDir());
    } else {
      out.println(String.format("%-20s %-30s %-10s %-12s %-25s %s", "ID", "ACTION", "STATE", "REQUESTER", "EXPIRES", "PREVIEW"));
      for (Proposal p : all) {
        out.println(String.format("%-20s %-30s %-10s %-12s %-25s %s", p.id(), p.action().actionName(), p.state(), p.requester(),
            p.expires(), p.preview().summary()));
      }
    }
    out.flush();
    return 0;
  }
}
