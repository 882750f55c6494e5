package dev.lakeops.cli.actions;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A command about one stored proposal, {@code ID}, among the proposals of {@code --state-dir}. */
abstract class ActionsProposalCommand implements Callable<Integer> {

  @Spec CommandSpec spec;
  @Mixin ActionsStateOptions state;

  @Parameters(index = "0", paramLabel = "ID")
  String id;
}
