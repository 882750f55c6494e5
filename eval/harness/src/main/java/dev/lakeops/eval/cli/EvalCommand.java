package dev.lakeops.eval.cli;

import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.LakeopsHome;
import dev.lakeops.eval.sandbox.BuildOutputs;
import dev.lakeops.eval.sandbox.FlinkScenarios;
import dev.lakeops.eval.sandbox.KafkaSandbox;
import dev.lakeops.eval.sandbox.KafkaScenarios;
import dev.lakeops.eval.sandbox.SandboxException;
import dev.lakeops.eval.suite.LiveRunner;
import dev.lakeops.eval.suite.Outcome;
import dev.lakeops.eval.suite.Report;
import dev.lakeops.eval.suite.Scenario;
import dev.lakeops.eval.suite.ScenarioFiles;
import dev.lakeops.eval.suite.ScenarioRun;
import dev.lakeops.eval.suite.Scores;
import dev.lakeops.eval.suite.SuiteRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
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

  @Option(
      names = "--live",
      description =
          "Run the live scenarios instead: start the sandbox's Flink scenario cluster (hot key,"
              + " CPU-heavy operator, checkpoint timeouts, restart loop, healthy control), let the"
              + " faults show for --warm-up, triage each alert against its REST API, stop it")
  boolean live;

  @Option(
      names = "--flink-port",
      defaultValue = "18381",
      description = "With --live: the scenario cluster's REST port; default ${DEFAULT-VALUE}")
  int flinkPort;

  @Option(
      names = "--kafka-port",
      defaultValue = "19392",
      description =
          "With --live: the broker's port; default ${DEFAULT-VALUE} (controller: port + 1)")
  int kafkaPort;

  @Option(
      names = "--warm-up",
      defaultValue = "45s",
      converter = DurationConverter.class,
      description =
          "With --live: how long the jobs run before the alerts are triaged, as an alert's for:"
              + " would; default ${DEFAULT-VALUE}")
  Duration warmUp;

  @Option(
      names = "--model",
      paramLabel = "PROVIDER:MODEL[@URL]",
      description =
          "Score a model too (repeatable: openai, anthropic, ollama), as the agent runs it: its"
              + " review or investigation of each deterministic triage, over the same tools and"
              + " budgets; writes models.md and models.html (the agent's lakeops.llm.* keys from"
              + " --config)")
  List<String> models;

  @Option(
      names = "--repeats",
      defaultValue = "3",
      description = "With --model: trials per run, for pass@1 and pass^k; default ${DEFAULT-VALUE}")
  int repeats;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "With --model: the lakeops.llm.* keys (api key, budgets); default"
              + " config/application.properties when present")
  Path config;

  @Override
  public Integer call() throws IOException {
    if (live) {
      return live();
    }
    if (models != null && !models.isEmpty()) {
      return models();
    }
    PrintWriter o = spec.commandLine().getOut();
    List<Scenario> suite;
    try {
      suite = scenarios == null ? ScenarioFiles.shipped() : ScenarioFiles.load(scenarios);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--scenarios: " + e.getMessage());
    }
    List<ScenarioRun> runs = ScenarioFiles.runs(suite);
    runs = filter(runs);
    Path dir = outDir("eval");
    List<Outcome> outcomes;
    try {
      outcomes = new SuiteRunner(dir.resolve("worlds"), Map.of()).run(runs);
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("lakeops eval: " + e.getMessage());
      return 2;
    }
    return report("lakeops eval: deterministic planner, simulated world", outcomes, dir);
  }

  /** Writes the scored report of {@code outcomes} into {@code dir} and prints its figures. */
  private Integer report(String title, List<Outcome> outcomes, Path dir) throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    Report report = new Report(title, Scores.of(outcomes), outcomes);
    report.write(dir);
    o.println(report.summary().replace("; ", "\n"));
    o.println("report: " + dir.resolve("report.md") + " and " + dir.resolve("report.html"));
    o.flush();
    return 0;
  }

  private Integer live() throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    List<ScenarioRun> runs = filter(ScenarioFiles.runs(ScenarioFiles.shippedLive()));
    Path dir = outDir("eval-live");
    List<String> jobs =
        runs.stream()
            .map(r -> r.scenario().live().flinkJob())
            .filter(java.util.Objects::nonNull)
            .distinct()
            .toList();
    List<String> kafkaStates =
        runs.stream()
            .map(r -> r.scenario().live().kafka())
            .filter(java.util.Objects::nonNull)
            .distinct()
            .toList();
    List<Outcome> outcomes;
    KafkaSandbox broker = null;
    FlinkScenarios cluster = null;
    try {
      if (!kafkaStates.isEmpty()) {
        o.println("Starting a Kafka broker for " + kafkaStates + " ...");
        o.flush();
        broker =
            KafkaSandbox.start(LakeopsHome.path(), dir.resolve("kafka"), kafkaPort, kafkaPort + 1);
        for (String state : kafkaStates) {
          KafkaScenarios.setUp(broker.bootstrap(), state);
        }
      }
      if (!jobs.isEmpty()) {
        o.println("Starting the Flink scenario cluster with " + jobs + " ...");
        o.flush();
        cluster = FlinkScenarios.start(LakeopsHome.path(), dir.resolve("cluster"), flinkPort, jobs);
      }
      o.println("Letting the faults show for " + warmUp);
      o.flush();
      Thread.sleep(warmUp.toMillis());
      outcomes =
          new LiveRunner(
                  cluster == null ? null : cluster.flinkRestUrl(),
                  broker == null ? null : broker.bootstrap(),
                  Map.of())
              .run(runs);
    } catch (SandboxException e) {
      spec.commandLine().getErr().println("lakeops eval --live: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 130;
    } finally {
      if (cluster != null) {
        cluster.close();
      }
      if (broker != null) {
        broker.close();
      }
    }
    return report("lakeops eval --live: deterministic planner, sandbox", outcomes, dir);
  }

  private List<ScenarioRun> filter(List<ScenarioRun> runs) {
    try {
      return ScenarioFiles.only(runs, only);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private Path outDir(String name) {
    return out != null ? out : LakeopsHome.path().resolve(".lakeops").resolve(name);
  }

  /** Runs the model evaluation in a JVM of its own (the agent's libraries stay off this one). */
  private Integer models() throws IOException {
    List<Path> classpath;
    try {
      classpath = BuildOutputs.modelsClasspath(LakeopsHome.path());
    } catch (SandboxException e) {
      spec.commandLine().getErr().println("lakeops eval --model: " + e.getMessage());
      return 1;
    }
    List<String> command = new java.util.ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // A provider that fails is a fallback in the table and in trials.json, not a stack trace.
    command.add("-Dorg.slf4j.simpleLogger.log.dev.lakeops.agent.llm=error");
    command.add("-cp");
    command.add(
        String.join(java.io.File.pathSeparator, classpath.stream().map(Path::toString).toList()));
    command.add("dev.lakeops.eval.models.ModelEval");
    for (String m : models) {
      command.add("--model");
      command.add(m);
    }
    command.add("--repeats");
    command.add(Integer.toString(repeats));
    command.add("--out");
    command.add(outDir("eval-models").toString());
    if (only != null) {
      command.add("--only");
      command.add(only);
    }
    if (scenarios != null) {
      command.add("--scenarios");
      command.add(scenarios.toAbsolutePath().toString());
    }
    if (config != null) {
      command.add("--config");
      command.add(config.toAbsolutePath().toString());
    }
    Process p = new ProcessBuilder(command).inheritIO().start();
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      p.destroy();
      Thread.currentThread().interrupt();
      return 130;
    }
  }
}
