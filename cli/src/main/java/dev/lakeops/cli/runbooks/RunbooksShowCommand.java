package dev.lakeops.cli.runbooks;

import dev.lakeops.runbooks.load.RunbookLoader;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops runbooks show NAME}: the text of a shipped runbook, which is its documentation.
 */
@Command(
    name = "show",
    mixinStandardHelpOptions = true,
    description = "Print a shipped runbook (YAML).")
final class RunbooksShowCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "NAME", description = "Runbook name, e.g. flink-backpressure")
  String name;

  @Override
  public Integer call() {
    List<String> files = RunbookLoader.shippedFiles();
    String file = name.endsWith(".yaml") ? name : name + ".yaml";
    if (!files.contains(file)) {
      throw new ParameterException(
          spec.commandLine(),
          "no shipped runbook named '"
              + name
              + "' (shipped: "
              + String.join(
                  ", ",
                  files.stream().map(f -> f.substring(0, f.length() - ".yaml".length())).toList())
              + ")");
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(RunbookLoader.shippedText(file));
    out.flush();
    return 0;
  }
}
