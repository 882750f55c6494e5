package dev.lakeops.eval.cli;

import dev.lakeops.cli.common.LakeopsHome;
import dev.lakeops.eval.suite.Outcome;
import dev.lakeops.eval.suite.Report;
import dev.lakeops.eval.suite.Scenario;
import dev.lakeops.eval.suite.ScenarioFiles;
import dev.lakeops.eval.suite.ScenarioRun;
import dev.lakeops.eval.suite.Scores;
import dev.lakeops.eval.suite.SuiteRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops eval}: triages every scenario of the suite in its simulated world with the
 * deterministic planner and writes the scored report (Markdown, HTML with charts, outcomes as
 * JSON).
 */
@Command(
    name = "eval",
    mixinStandardHelpOptions = true,
    description =
        "Scores triage on the scenario suite: each scenario's alerts are triaged in a simulated"
            + " world (Flink, Kafka, warehouse, binlogs answering from one state) and compared with"
            + " its ground truth; writes report.md, report.html and outcomes.json.")
public final class EvalCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--scenarios",
      paramLabel = "DIR",
      description = "Scenario files (*.yaml) to run instead of the shipped suite")
  Path scenarios;

  @Option(
      names = "--only",
      paramLabel = "GLOB",
      description = "Runs whose id matches this glob only, e.g. 'kafka-*' or '*#injected'")
  String only;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Where the report goes (default: .lakeops/eval in the checkout)")
  Path out;

  @Override
  public Integer call() throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    List<Scenario> suite;
    try {
      suite = scenarios == null ? ScenarioFiles.shipped() : ScenarioFiles.load(scenarios);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--scenarios: " + e.getMessage());
    }
    List<ScenarioRun> runs = ScenarioFiles.runs(suite);
    if (only != null) {
      PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + only);
      runs = runs.stream().filter(r -> m.matches(Paths.get(r.id().replace('/', '_')))).toList();
      if (runs.isEmpty()) {
        throw new ParameterException(spec.commandLine(), "--only " + only + " matches no run");
      }
    }
    Path dir = out != null ? out : LakeopsHome.path().resolve(".lakeops").resolve("eval");
    List<Outcome> outcomes;
    try {
      outcomes = new SuiteRunner(dir.resolve("worlds"), Map.of()).run(runs);
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("lakeops eval: " + e.getMessage());
      return 2;
    }
    Scores scores = Scores.of(outcomes);
    Report report =
        new Report("lakeops eval: deterministic planner, simulated world", scores, outcomes);
    report.write(dir);
    o.println(report.summary().replace("; ", "\n"));
    o.println("report: " + dir.resolve("report.md") + " and " + dir.resolve("report.html"));
    o.flush();
    return 0;
  }
}
