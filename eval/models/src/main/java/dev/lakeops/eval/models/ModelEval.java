package dev.lakeops.eval.models;

import dev.lakeops.eval.suite.ScenarioFiles;
import dev.lakeops.eval.suite.ScenarioRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The JVM {@code ./lakeops eval --model} starts: runs each model over the suite's simulated worlds
 * with repeats and writes {@code models.md}, {@code models.html} and {@code trials.json}.
 */
@Command(
    name = "eval-models",
    mixinStandardHelpOptions = true,
    description = "Scores models on the scenario suite against the deterministic planner.")
public final class ModelEval implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--model",
      required = true,
      paramLabel = "PROVIDER:MODEL[@URL]",
      description = "A model to score (repeatable): openai, anthropic or ollama")
  List<String> models;

  @Option(
      names = "--repeats",
      defaultValue = "3",
      description = "Trials per run (k); default ${DEFAULT-VALUE}")
  int repeats;

  @Option(
      names = "--only",
      paramLabel = "GLOB",
      description = "Runs whose id matches this glob only")
  String only;

  @Option(
      names = "--scenarios",
      paramLabel = "DIR",
      description = "Scenario files instead of the shipped suite")
  Path scenarios;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "lakeops.llm.* keys (api key, budgets), as the agent reads them; default"
              + " config/application.properties when present")
  Path config;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "DIR",
      description = "Where the report goes")
  Path out;

  public static void main(String[] args) {
    System.exit(new CommandLine(new ModelEval()).execute(args));
  }

  @Override
  public Integer call() throws IOException {
    if (repeats < 1 || repeats > 20) {
      throw new ParameterException(
          spec.commandLine(), "--repeats must be between 1 and 20, was " + repeats);
    }
    List<ModelSpec> specs = new ArrayList<>();
    for (String m : models) {
      try {
        specs.add(ModelSpec.parse(m));
      } catch (IllegalArgumentException e) {
        throw new ParameterException(spec.commandLine(), e.getMessage());
      }
    }
    List<ScenarioRun> runs;
    try {
      runs =
          ScenarioFiles.runs(
              scenarios == null ? ScenarioFiles.shipped() : ScenarioFiles.load(scenarios));
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--scenarios: " + e.getMessage());
    }
    try {
      runs = ScenarioFiles.only(runs, only);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    Map<String, String> properties = properties();
    PrintWriter o = spec.commandLine().getOut();
    List<ModelTrial> trials = new ArrayList<>();
    try (ModelRunner runner = new ModelRunner(out.resolve("worlds"), properties)) {
      for (ModelSpec s : specs) {
        o.println("Scoring " + s + " on " + runs.size() + " runs × " + repeats + " ...");
        o.flush();
        trials.addAll(runner.run(s, runs, repeats));
      }
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("lakeops eval --model: " + e.getMessage());
      return 2;
    }
    ModelTable table = ModelTable.of(trials);
    Files.createDirectories(out);
    Files.writeString(
        out.resolve("models.md"),
        "# Models on the scenario suite\n\n" + table.markdown(),
        StandardCharsets.UTF_8);
    Files.writeString(out.resolve("models.html"), table.html(), StandardCharsets.UTF_8);
    Files.writeString(
        out.resolve("trials.json"),
        dev.lakeops.tools.Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(trials),
        StandardCharsets.UTF_8);
    o.print(table.markdown());
    o.println("report: " + out.resolve("models.md") + " and " + out.resolve("models.html"));
    o.flush();
    return 0;
  }

  private Map<String, String> properties() throws IOException {
    Path file = config != null ? config : Path.of("config", "application.properties");
    Map<String, String> map = new LinkedHashMap<>();
    if (!Files.isRegularFile(file)) {
      if (config != null) {
        throw new ParameterException(spec.commandLine(), "--config " + config + ": no such file");
      }
      return map;
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    p.stringPropertyNames().forEach(k -> map.put(k, p.getProperty(k)));
    return map;
  }
}
