package dev.lakeops.eval.cli;

import dev.lakeops.cli.CliPlugin;
import java.util.List;

/**
 * The sandbox's commands for {@code ./lakeops}: {@code demo}, {@code bench triage} and {@code kafka
 * bench}.
 */
public final class SandboxCommands implements CliPlugin {

  @Override
  public List<PluggedCommand> commands() {
    return List.of(
        PluggedCommand.topLevel(new DemoCommand()),
        PluggedCommand.topLevel(new BenchCommand()),
        PluggedCommand.topLevel(new EvalCommand()),
        PluggedCommand.under("kafka", new KafkaBenchCommand()));
  }
}
