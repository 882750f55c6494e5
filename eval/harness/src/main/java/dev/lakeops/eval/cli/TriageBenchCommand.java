package dev.lakeops.eval.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.common.DurationConverter;
import dev.lakeops.cli.common.LakeopsHome;
import dev.lakeops.eval.sandbox.AgentProcess;
import dev.lakeops.eval.sandbox.AlertmanagerPayloads;
import dev.lakeops.eval.sandbox.Sandbox;
import dev.lakeops.eval.sandbox.SandboxConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lakeops bench triage}: deterministic triage latency on the live sandbox — from the
 * webhook's arrival to the stored report, as the agent records them ({@code receivedAt} and {@code
 * updatedAt} of each incident) — over N alerts about the sandbox's running Flink job.
 */
@Command(
    name = "triage",
    mixinStandardHelpOptions = true,
    description =
        "Benchmark: deterministic triage latency (webhook to stored report) over N alerts on the"
            + " live sandbox.")
final class TriageBenchCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--alerts",
      defaultValue = "100",
      description = "Alerts to fire; default ${DEFAULT-VALUE}")
  int alerts;

  @Option(
      names = "--interval",
      defaultValue = "200ms",
      converter = DurationConverter.class,
      description = "Time between two alerts; default ${DEFAULT-VALUE}")
  Duration interval;

  @Option(
      names = "--kafka-port",
      defaultValue = "19292",
      description = "Broker port; default ${DEFAULT-VALUE} (controller: port + 1)")
  int kafkaPort;

  @Option(
      names = "--flink-port",
      defaultValue = "18281",
      description = "Flink REST port; default ${DEFAULT-VALUE}")
  int flinkPort;

  @Option(
      names = "--agent-port",
      defaultValue = "8280",
      description = "Agent HTTP port; default ${DEFAULT-VALUE}")
  int agentPort;

  @Option(
      names = "--work-dir",
      paramLabel = "DIR",
      description = "Sandbox and agent data (default: .lakeops/bench-triage in the checkout)")
  Path workDir;

  @Override
  public Integer call() {
    if (alerts < 1 || alerts > 10_000) {
      throw new picocli.CommandLine.ParameterException(
          spec.commandLine(), "--alerts must be between 1 and 10000, was " + alerts);
    }
    PrintWriter out = spec.commandLine().getOut();
    Path home = LakeopsHome.path();
    Path dir = (workDir == null ? home.resolve(".lakeops/bench-triage") : workDir).toAbsolutePath();
    LakeopsHome.agentJar();
    SandboxConfig config =
        SandboxConfig.defaults(home, dir.resolve("sandbox"))
            .withPorts(kafkaPort, kafkaPort + 1, flinkPort);
    out.println("bench: starting the sandbox (Kafka, Flink) and the agent ...");
    out.flush();
    try (Sandbox sandbox = Sandbox.start(config);
        AgentProcess agent =
            AgentProcess.start(
                home,
                dir.resolve("agent-" + System.currentTimeMillis()),
                agentPort,
                sandbox.flinkRestUrl())) {
      List<String> ids = new ArrayList<>();
      Instant start = Instant.now();
      for (int i = 0; i < alerts; i++) {
        String payload =
            AlertmanagerPayloads.firing(
                Map.of(
                    "alertname",
                    "FlinkJobBackpressured",
                    "job_name",
                    sandbox.jobName(),
                    "bench_seq",
                    Integer.toString(i)),
                "benchmark alert " + i,
                start);
        ids.addAll(agent.client().postAlertmanager(payload));
        sleep(interval);
      }
      List<Long> millis = new ArrayList<>();
      int failed = 0;
      for (String id : ids) {
        JsonNode incident = agent.client().awaitTriage(id, Duration.ofMinutes(5));
        if (!"TRIAGED".equals(incident.path("status").asText())) {
          failed++;
          continue;
        }
        millis.add(
            Duration.between(
                    Instant.parse(incident.path("receivedAt").asText()),
                    Instant.parse(incident.path("updatedAt").asText()))
                .toMillis());
      }
      Collections.sort(millis);
      out.println();
      out.printf(
          "triage latency, webhook to stored report, %d alerts at one per %d ms (%d triaged, %d"
              + " failed):%n",
          ids.size(), interval.toMillis(), millis.size(), failed);
      if (!millis.isEmpty()) {
        out.printf(
            "  p50 %d ms   p95 %d ms   max %d ms   (goal: p95 <= 2000 ms)%n",
            percentile(millis, 50), percentile(millis, 95), millis.get(millis.size() - 1));
      }
      out.flush();
      return failed == 0 ? 0 : 1;
    }
  }

  static long percentile(List<Long> sorted, int p) {
    int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted");
    }
  }
}
