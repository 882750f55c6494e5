package dev.lakeops.cli.runbooks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.runbooks.graph.InputSpec;
import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.load.RunbookLoader;
import dev.lakeops.tools.Json;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code lakeops runbooks list [--json]}: every shipped runbook with what it matches, reads and proposes. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the shipped runbooks.")
final class RunbooksListCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--json", description = "Print a JSON array")
  boolean json;

  @Override
  public Integer call() {
    List<RunbookGraph> runbooks = RunbookLoader.lakeops().loadShipped();
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
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
      out.println(Json.compact(array));
    } else {
      for (RunbookGraph g : runbooks) {
        out.println(g.name() + "  (" + g.steps().size() + " steps)");
        out.println("  " + g.description());
        out.println("  match: " + (g.match().labels().isEmpty() ? "" : g.match().labels() + " ") + "keywords " + g.match().keywords());
        out.println("  needs: " + String.join(", ", g.requiredInputs().stream().map(i -> i.name() + " (" + String.join("|", i.fromLabels()) + ")").toList()));
        out.println("  tools: " + String.join(", ", g.tools()) + (g.actions().isEmpty() ? "" : "; proposes: " + String.join(", ", g.actions())));
      }
    }
    out.flush();
    return 0;
  }
}
