package dev.lakeops.cli.flink;

import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.plan.GraphRunbook;
import dev.lakeops.runbooks.tool.FlinkBindings;
import dev.lakeops.runbooks.tool.ToolRegistry;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.flink.Sampling;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops flink triage (--cluster NAME | --rest URL) --job NAME}: the same deterministic
 * triage the agent runs for a Flink alert. Exit code 0 when the triage ran (whatever it found), 2
 * for bad arguments.
 */
@Command(
    name = "triage",
    mixinStandardHelpOptions = true,
    description =
        "Triage a Flink job as the agent does for an alert (restarts, checkpoints, backpressure,"
            + " source lag) and print the report.")
final class FlinkTriageCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin FlinkTarget target;

  @Mixin FlinkJobOption job;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    String name = job.name(spec);
    FlinkTools tools = target.tools(spec, Sampling.defaults());
    ToolRegistry registry =
        new ToolRegistry()
            .registerAll(
                FlinkBindings.of(new FlinkClusters(Map.of(target.name(), tools), target.name())));
    GraphRunbook runbook = GraphRunbook.shipped("flink-backpressure", registry, Clock.systemUTC());
    String label = name.matches("[0-9a-f]{32}") ? "job_id" : "job_name";
    AlertSignal alert =
        new AlertSignal(
            Map.of("alertname", "cli: flink triage", label, name, "flink_cluster", target.name()),
            Map.of());
    output.print(spec, runbook.run(alert), r -> r.toMarkdown() + "\n");
    return 0;
  }
}
