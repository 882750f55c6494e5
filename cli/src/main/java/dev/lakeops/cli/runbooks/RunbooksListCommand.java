package dev.lakeops.cli.runbooks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.cli.common.OutputOptions;
import dev.lakeops.runbooks.graph.InputSpec;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.load.RunbookLoader;
import dev.lakeops.tools.Json;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops runbooks list [--json]}: every shipped runbook with what it matches, reads and
 * proposes.
 */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the shipped runbooks.")
final class RunbooksListCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin OutputOptions output;

  @Override
  public Integer call() {
    output.print(
        spec,
        RunbookLoader.lakeops().loadShipped(),
        RunbooksListCommand::json,
        RunbooksListCommand::text);
    return 0;
  }

  private static String json(List<RunbookGraph> runbooks) {
    ArrayNode array = Json.mapper().createArrayNode();
    for (RunbookGraph g : runbooks) {
      ObjectNode o = array.addObject();
      o.put("name", g.name());
      o.put("file", g.source());
      o.put("description", g.description());
      ObjectNode match = o.putObject("match");
      g.match().labels().forEach(match.putObject("labels")::put);
      g.match().keywords().forEach(match.putArray("keywords")::add);
      ArrayNode inputs = o.putArray("inputs");
      for (InputSpec i : g.inputs().values()) {
        ObjectNode in = inputs.addObject();
        in.put("name", i.name());
        i.fromLabels().forEach(in.putArray("labels")::add);
        in.put("required", i.required());
      }
      g.tools().forEach(o.putArray("tools")::add);
      g.actions().forEach(o.putArray("proposes")::add);
      o.put("steps", g.steps().size());
    }
    return Json.compact(array);
  }

  private static String text(List<RunbookGraph> runbooks) {
    StringBuilder s = new StringBuilder();
    for (RunbookGraph g : runbooks) {
      s.append(g.name()).append("  (").append(g.steps().size()).append(" steps)\n");
      s.append("  ").append(g.description()).append('\n');
      s.append("  match: ")
          .append(g.match().labels().isEmpty() ? "" : g.match().labels() + " ")
          .append("keywords ")
          .append(g.match().keywords())
          .append('\n');
      s.append("  needs: ")
          .append(
              String.join(
                  ", ",
                  g.requiredInputs().stream()
                      .map(i -> i.name() + " (" + String.join("|", i.fromLabels()) + ")")
                      .toList()))
          .append('\n');
      s.append("  tools: ")
          .append(String.join(", ", g.tools()))
          .append(g.actions().isEmpty() ? "" : "; proposes: " + String.join(", ", g.actions()))
          .append('\n');
    }
    return s.toString();
  }
}
