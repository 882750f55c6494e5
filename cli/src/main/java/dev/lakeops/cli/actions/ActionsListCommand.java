package dev.lakeops.cli.actions;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalJson;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code lakeops actions list}: every proposal, oldest first. */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = "List proposals, oldest first.")
final class ActionsListCommand implements Callable<Integer> {

  private static final String ROW = "%-20s %-30s %-10s %-12s %-25s %s%n";

  @Spec CommandSpec spec;
  @Mixin ActionsStateOptions state;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    output.print(spec, state.store().list(), ProposalJson::write, this::text);
    return 0;
  }

  private String text(List<Proposal> all) {
    if (all.isEmpty()) {
      return "no proposals in " + state.stateDir();
    }
    StringBuilder s =
        new StringBuilder(
            String.format(ROW, "ID", "ACTION", "STATE", "REQUESTER", "EXPIRES", "PREVIEW"));
    for (Proposal p : all) {
      s.append(
          String.format(
              ROW,
              p.id(),
              p.action().actionName(),
              p.state(),
              p.requester(),
              p.expires(),
              p.preview().summary()));
    }
    return s.toString();
  }
}
