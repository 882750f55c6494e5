package dev.lakeops.cli.runbooks;

import dev.lakeops.runbooks.graph.RunbookGraph;
import dev.lakeops.runbooks.load.Problem;
import dev.lakeops.runbooks.load.RunbookException;
import dev.lakeops.runbooks.load.RunbookLoader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops runbooks validate [FILE...]}: loads each file (every shipped runbook without
 * files) with all load-time checks and prints each problem on its own line. Exit code 0 when all
 * are valid, 1 otherwise.
 */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description =
        "Validate runbook files (all shipped runbooks when no file is given); exit 1 if any is"
            + " invalid.")
final class RunbooksValidateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "FILE", arity = "0..*", description = "Runbook files (YAML)")
  List<Path> files = new ArrayList<>();

  @Override
  public Integer call() {
    RunbookLoader loader = RunbookLoader.lakeops();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int invalid = 0;
    List<String> names =
        files.isEmpty()
            ? RunbookLoader.shippedFiles()
            : files.stream().map(Path::toString).toList();
    for (String name : names) {
      try {
        RunbookGraph g =
            files.isEmpty()
                ? loader.load(name, RunbookLoader.shippedText(name))
                : loader.load(Path.of(name));
        out.println("ok " + name + " (" + g.name() + ", " + g.steps().size() + " steps)");
      } catch (RunbookException e) {
        invalid++;
        for (Problem p : e.problems()) {
          err.println("invalid " + p);
        }
      } catch (UncheckedIOException e) {
        invalid++;
        err.println(
            "invalid "
                + name
                + ": cannot read the file ("
                + e.getCause().getClass().getSimpleName()
                + ")");
      }
    }
    out.println(names.size() - invalid + " of " + names.size() + " runbooks valid");
    out.flush();
    err.flush();
    return invalid == 0 ? 0 : 1;
  }
}
