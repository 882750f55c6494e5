package dev.lakeops.cli;

import dev.lakeops.runbooks.AlertSignal;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.runbooks.flink.FlinkBackpressureRunbook;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.flink.Sampling;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops flink triage --rest URL --job NAME}: the same deterministic triage the agent runs
 * for a Flink alert. Exit code 0 when the triage ran (whatever it found), 2 for bad arguments.
 */
@Command(name = "triage", mixinStandardHelpOptions = true,
    description = "Locate the backpressure bottleneck of a Flink job and print the triage report.")
final class FlinkTriageCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--rest", required = true, paramLabel = "URL", description = "Flink REST address, e.g. http://127.0.0.1:8081")
  String rest;

  @Option(names = "--job", required = true, paramLabel = "NAME", description = "Job name, or its 32-hex-digit job id")
  String job;

  @Option(names = "--json", description = "Print the report as JSON instead of Markdown")
  boolean json;

  @Option(names = "--timeout", defaultValue = "5s", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "Timeout of each REST call (e.g. 5s, 500ms); default ${DEFAULT-VALUE}")
  Duration timeout;

  @Override
  public Integer call() {
    FlinkRestClient client;
    try {
      client = new FlinkRestClient(rest, timeout);
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--rest: " + e.getMessage());
    }
    if (job.isBlank()) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--job: the job name is empty");
    }
    FlinkTools tools = new FlinkTools(new FlinkJobProbe(client, Sampling.defaults(), Clock.systemUTC()), new BackpressureAnalyzer());
    FlinkBackpressureRunbook runbook = new FlinkBackpressureRunbook(tools, Clock.systemUTC());
    AlertSignal alert = new AlertSignal(Map.of("alertname", "cli: flink triage", "job_name", job.strip()), Map.of());
    TriageReport report = runbook.run(alert);
    PrintWriter out = spec.commandLine().getOut();
    out.println(json ? Json.compact(report) : report.toMarkdown());
    out.flush();
    return 0;
  }
}
