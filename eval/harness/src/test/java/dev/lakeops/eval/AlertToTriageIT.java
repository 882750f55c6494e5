package dev.lakeops.eval;

import static dev.lakeops.eval.sandbox.IncidentFindings.finding;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.eval.sandbox.AgentProcess;
import dev.lakeops.eval.sandbox.AlertmanagerPayloads;
import dev.lakeops.eval.sandbox.BackpressureWait;
import dev.lakeops.eval.sandbox.ConsoleClient;
import dev.lakeops.eval.sandbox.FlinkRestReader;
import dev.lakeops.eval.sandbox.FreePorts;
import dev.lakeops.eval.sandbox.IncidentFindings;
import dev.lakeops.eval.sandbox.Sandbox;
import dev.lakeops.eval.sandbox.SandboxConfig;
import dev.lakeops.tools.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The walking skeleton end to end: a real Flink MiniCluster (with a sink that can be slowed down),
 * a real Kafka broker, a lake warehouse, a directory of binlog files, the packaged agent in its own
 * JVM, and Alertmanager webhooks over HTTP. The same alerts go to {@code lakeops serve} and to
 * {@code ./lakeops triage} with the same configuration, and must get the same verdict.
 *
 * <p>Beside the verdicts it checks what Flink's REST API itself shows of the sandbox (the job's
 * three vertices; while the sink is throttled the source's backpressure level {@code high}, the
 * sink busy but not backpressured; after the release the instantaneous {@code isBackPressured}
 * gauges clear) and that closing the sandbox twice leaves no process and no PID file.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AlertToTriageIT {

  private static final int CLI_TRIAGES_AT_ONCE = 3;
  private static final String SOURCE = "Source: orders";
  private static final String ENRICH = "enrich-orders";
  private static final String SINK = "lake-writer: Writer";
  private static final String VIEWER_TOKEN = "viewer-" + java.util.UUID.randomUUID();
  private static Sandbox sandbox;
  private static AgentProcess agent;
  private static Path work;
  private static Path warehouse;
  private static Path binlogs;
  private static FlinkRestReader rest;

  @BeforeAll
  static void start() {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    work = home.resolve("eval/harness/target/it/alert-to-triage").toAbsolutePath();
    int[] ports = FreePorts.take(4);
    SandboxConfig config =
        SandboxConfig.defaults(home, work.resolve("sandbox"))
            .withPorts(ports[0], ports[1], ports[2]);
    warehouse = TriageParity.warehouse(work.resolve("warehouse"));
    binlogs = TriageParity.binlogDirectory(home, work.resolve("binlogs"));
    // The agent boots while the sandbox starts (it reaches Flink and Kafka only to triage), so the
    // job is young when the sink is throttled.
    String flinkRestUrl = "http://127.0.0.1:" + config.flinkRestPort();
    String kafkaBootstrap = "127.0.0.1:" + config.kafkaPort();
    CompletableFuture<AgentProcess> booting =
        CompletableFuture.supplyAsync(
            () ->
                AgentProcess.start(
                    home,
                    work.resolve("agent"),
                    ports[3],
                    flinkRestUrl,
                    viewer(
                        TriageParity.agentOptions(
                            flinkRestUrl, kafkaBootstrap, warehouse, binlogs))));
    try {
      sandbox = Sandbox.start(config);
    } finally {
      agent = booting.join();
    }
    assertThat(sandbox.flinkRestUrl()).isEqualTo(flinkRestUrl);
    assertThat(sandbox.kafkaBootstrap()).isEqualTo(kafkaBootstrap);
    TriageParity.writeStaticTopic(sandbox.kafkaBootstrap());
    rest = new FlinkRestReader(sandbox.flinkRestUrl());
  }

  @AfterAll
  static void stop() {
    long agentPid = agent == null ? -1 : agent.pid();
    long brokerPid = sandbox == null ? -1 : sandbox.brokerPid();
    long pipelinePid = sandbox == null ? -1 : sandbox.pipelinePid();
    if (agent != null) {
      agent.close();
    }
    if (sandbox != null) {
      sandbox.close();
      sandbox.close();
    }
    for (long pid : List.of(agentPid, brokerPid, pipelinePid)) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
          .as("process %s stopped", pid)
          .isFalse();
    }
    assertThat(work.resolve("sandbox/kafka/kafka.pid")).doesNotExist();
    assertThat(work.resolve("sandbox/flink/pipeline.pid")).doesNotExist();
  }

  /** The options, and a console user who may look (not approve), for the pictures' checks. */
  private static List<String> viewer(List<String> options) {
    List<String> all = new java.util.ArrayList<>(options);
    all.add("-Dlakeops.approvers.viewer.roles=viewer");
    all.add("-Dlakeops.approvers.viewer.token=" + VIEWER_TOKEN);
    return all;
  }

  private static JsonNode fire(String alertname, Map<String, String> labels) {
    Map<String, String> all = new java.util.HashMap<>(labels);
    all.put("alertname", alertname);
    String payload = AlertmanagerPayloads.firing(all, alertname + " in the sandbox", Instant.now());
    List<String> ids = agent.client().postAlertmanager(payload);
    assertThat(ids).hasSize(1);
    return agent.client().awaitTriage(ids.get(0), Duration.ofSeconds(60));
  }

  @Test
  @Order(1)
  void saysThereIsNoBackpressureWhileTheSinkKeepsUp() throws Exception {
    JsonNode job = rest.job(sandbox.jobId());
    assertThat(job.path("name").asText()).isEqualTo(sandbox.jobName());
    assertThat(job.path("state").asText()).isEqualTo("RUNNING");
    assertThat(rest.vertexIds(sandbox.jobId())).containsOnlyKeys(SOURCE, ENRICH, SINK);

    BackpressureWait.untilNoBackpressure(
        sandbox.flinkRestUrl(), sandbox.jobName(), Duration.ofSeconds(90));

    JsonNode incident =
        fire(
            "FlinkJobBackpressured",
            Map.of("job_name", sandbox.jobName(), "severity", "warning", "phase", "healthy"));

    assertThat(incident.path("status").asText()).isEqualTo("TRIAGED");
    assertThat(incident.path("report").path("verdict").path("category").asText())
        .isEqualTo("NO_FAULT");
    assertThat(finding(incident, "flink.backpressure.none").path("severity").asText())
        .isEqualTo("OK");
  }

  /**
   * Runs while the job is young: Flink averages busy and backpressured time over the job's lifetime
   * until it is a minute old, so backpressure shows after about as long as the job had run before
   * the throttle, and the release needs no minute-long window to slide past the throttled time.
   */
  @Test
  @Order(2)
  void namesTheSlowSinkOfABackpressuredJob() throws Exception {
    sandbox.throttleSink(Duration.ofMillis(2));
    BackpressureWait.untilBottleneck(
        sandbox.flinkRestUrl(), sandbox.jobName(), Duration.ofSeconds(90));
    // What Flink's REST API shows itself: the source backpressured (level high, both subtasks'
    // isBackPressured gauges true), the sink busy but not backpressured.
    String jobId = sandbox.jobId();
    Map<String, String> vertices = rest.vertexIds(jobId);
    poll(
        "source backpressure level high",
        Duration.ofSeconds(45),
        () -> rest.backpressure(jobId, vertices.get(SOURCE)),
        body -> body.path("backpressureLevel").asText().equals("high"));
    JsonNode sink = rest.backpressure(jobId, vertices.get(SINK));
    assertThat(sink.path("backpressureLevel").asText()).isEqualTo("ok");
    for (JsonNode subtask : sink.path("subtasks")) {
      assertThat(subtask.path("busyRatio").asDouble()).isGreaterThan(0.4);
    }
    assertThat(rest.metrics(jobId, vertices.get(SOURCE), "0.isBackPressured", "1.isBackPressured"))
        .containsOnly(
            Map.entry("0.isBackPressured", "true"), Map.entry("1.isBackPressured", "true"));

    JsonNode incident =
        fire(
            "FlinkJobBackpressured",
            Map.of("job_name", sandbox.jobName(), "severity", "warning", "phase", "throttled"));

    assertThat(incident.path("status").asText()).isEqualTo("TRIAGED");
    JsonNode verdict = incident.path("report").path("verdict");
    assertThat(verdict.path("category").asText()).isEqualTo("BACKPRESSURE");
    assertThat(verdict.path("entities").path("vertex").asText()).contains("lake-writer");
    JsonNode evidence = finding(incident, "flink.backpressure.bottleneck").path("evidence");
    assertThat(Double.parseDouble(evidence.path("busyMsPerSecond.max").asText()))
        .isGreaterThan(500);
    assertThat(Double.parseDouble(evidence.path("backPressuredMsPerSecond.max").asText()))
        .isLessThanOrEqualTo(500);
    assertThat(evidence.path("backpressuredInputs").asText()).contains("enrich-orders");
    assertThat(finding(incident, "flink.backpressure.slow-sink").path("severity").asText())
        .isEqualTo("WARN");

    String markdown = agent.client().incidentMarkdown(incident.path("id").asText());
    assertThat(markdown)
        .contains("BACKPRESSURE")
        .contains("lake-writer")
        .contains("busyMsPerSecond.max");
  }

  @Test
  @Order(3)
  void seesTheKafkaSourceFallBehindWhileTheSinkIsSlow() {
    // 2000 orders/s are written and about 1000/s leave the sink: the source's backlog grows by
    // ~1000/s.
    dev.lakeops.tools.flink.FlinkTools tools =
        new dev.lakeops.tools.flink.FlinkTools(
            new dev.lakeops.tools.flink.FlinkJobProbe(
                new dev.lakeops.tools.flink.FlinkRestClient(
                    sandbox.flinkRestUrl(), Duration.ofSeconds(5))),
            new dev.lakeops.tools.flink.BackpressureAnalyzer());
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    dev.lakeops.tools.ToolReport report = tools.sourceLag(sandbox.jobName());
    while (report.findings().stream().noneMatch(f -> f.code().equals("flink.source.lag"))
        && System.nanoTime() < deadline) {
      try {
        Thread.sleep(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
      report = tools.sourceLag(sandbox.jobName());
    }

    dev.lakeops.tools.ToolReport last = report;
    dev.lakeops.tools.Finding lag =
        last.findings().stream()
            .filter(f -> f.code().equals("flink.source.lag"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no flink.source.lag in " + Json.compact(last)));
    assertThat(lag.evidence())
        .containsEntry("vertex", "Source: orders")
        .containsKey("partition[orders-0]");
    assertThat(Double.parseDouble(lag.evidence().get("pendingRecords")))
        .isGreaterThanOrEqualTo(10_000);
  }

  /**
   * The same slow sink seen from Kafka: kafka-exporter's consumer-group lag alert for the job's
   * group. Flink's source commits the group's offsets at checkpoints without joining it, so the
   * group has no members; the triage finds the job whose source reports the group's committed
   * offsets and follows the lag into it, to the slow sink. The incident's console page draws the
   * lag of each partition of the live topic.
   */
  @Test
  @Order(4)
  void tracesTheLagOfTheJobsConsumerGroupToTheSlowSinkAndDrawsIt() {
    JsonNode incident =
        fire(
            "KafkaConsumersGroupLag",
            Map.of("consumergroup", "orders-to-lake", "severity", "warning"));

    assertThat(incident.path("status").asText()).isEqualTo("TRIAGED");
    JsonNode report = incident.path("report");
    assertThat(report.path("runbook").asText()).isEqualTo("kafka-lag");
    JsonNode verdict = report.path("verdict");
    assertThat(verdict.path("category").asText()).isEqualTo("BACKPRESSURE");
    assertThat(verdict.path("entities").path("group").asText()).isEqualTo("orders-to-lake");
    assertThat(verdict.path("entities").path("job").asText()).isEqualTo(sandbox.jobName());
    assertThat(verdict.path("entities").path("vertex").asText()).contains("lake-writer");
    assertThat(
            finding(incident, "kafka.lag.read-by-flink").path("evidence").path("flinkJob").asText())
        .isIn(sandbox.jobName(), sandbox.jobId());
    String byPartition =
        IncidentFindings.withEvidence(incident, "lagByPartition")
            .path("evidence")
            .path("lagByPartition")
            .asText();
    java.util.regex.Matcher lag =
        java.util.regex.Pattern.compile("(?:^| )orders-0=(\\d+)").matcher(byPartition);
    assertThat(lag.find()).as("orders-0 in %s", byPartition).isTrue();
    assertThat(Long.parseLong(lag.group(1))).isPositive();

    String id = incident.path("id").asText();
    ConsoleClient console = ConsoleClient.login(agent.client().baseUrl(), VIEWER_TOKEN);
    assertThat(console.pictures(id)).contains("kafka-lag", "kafka-lag-trend");
    String bars = console.picture(id, "kafka-lag");
    assertThat(bars)
        .contains("<svg ")
        .contains("orders-to-lake")
        .containsPattern("orders-0: lag [0-9,]+");
  }

  @Test
  @Order(5)
  void saysTheBackpressureIsGoneOnceTheSinkIsUnthrottled() throws Exception {
    sandbox.unthrottleSink();
    // The instantaneous isBackPressured gauges clear within seconds of the release.
    String jobId = sandbox.jobId();
    Map<String, String> vertices = rest.vertexIds(jobId);
    for (String vertex : new String[] {SOURCE, ENRICH}) {
      poll(
          vertex + " no longer backpressured",
          Duration.ofSeconds(30),
          () -> rest.metrics(jobId, vertices.get(vertex), "0.isBackPressured", "1.isBackPressured"),
          values -> values.size() == 2 && !values.containsValue("true"));
    }
    // Flink averages busy/backpressured time over the last minute (the job's lifetime while it is
    // younger), so the level falls gradually.
    BackpressureWait.untilNoBackpressure(
        sandbox.flinkRestUrl(), sandbox.jobName(), Duration.ofSeconds(120));

    JsonNode incident =
        fire(
            "FlinkJobBackpressured",
            Map.of("job_name", sandbox.jobName(), "severity", "warning", "phase", "unthrottled"));

    assertThat(incident.path("report").path("verdict").path("category").asText())
        .isEqualTo("NO_FAULT");
    assertThat(rest.backpressure(jobId, vertices.get(SOURCE)).path("backpressureLevel").asText())
        .matches("ok|low");
  }

  @Test
  @Order(6)
  void reportsAJobThatDoesNotExistAsNotFound() {
    JsonNode incident = fire("FlinkJobBackpressured", Map.of("job_name", "payments-to-lake"));

    assertThat(incident.path("status").asText()).isEqualTo("TRIAGED");
    JsonNode verdict = incident.path("report").path("verdict");
    assertThat(verdict.path("category").asText()).isEqualTo("NOT_FOUND");
    assertThat(verdict.path("headline").asText())
        .contains("no such job: 'payments-to-lake'")
        .contains(sandbox.jobName());
  }

  /**
   * Each runbook's alert, named and labelled the way other teams' rule sets do it, fired at {@code
   * lakeops serve} and at {@code ./lakeops triage} while the job runs healthy: the same runbook,
   * the same category and the same entities from both, and the category the state calls for. The
   * alerts are all posted to the agent (its triage workers take them in turn) while {@code lakeops
   * triage} runs {@value #CLI_TRIAGES_AT_ONCE} of them at a time: most of a triage is waiting
   * between probes.
   */
  @Test
  @Order(7)
  void theAgentAndTheCommandLineTriageEveryRunbooksAlertAlike() throws Exception {
    BackpressureWait.untilNoBackpressure(
        sandbox.flinkRestUrl(), sandbox.jobName(), Duration.ofSeconds(90));
    List<String> mismatches = new java.util.ArrayList<>();
    java.util.Set<String> runbooks = new java.util.TreeSet<>();
    List<TriageParity.Case> cases = TriageParity.cases(sandbox, binlogs);
    List<String> ids = new java.util.ArrayList<>();
    List<Future<JsonNode>> viaCli = new java.util.ArrayList<>();
    ExecutorService cli = Executors.newFixedThreadPool(CLI_TRIAGES_AT_ONCE);
    try {
      for (TriageParity.Case c : cases) {
        String payload =
            AlertmanagerPayloads.firing(c.labels(), c.summary(), Instant.now(), c.expression());
        List<String> posted = agent.client().postAlertmanager(payload);
        assertThat(posted).as(c.name()).hasSize(1);
        ids.add(posted.get(0));
        viaCli.add(
            cli.submit(() -> TriageParity.cli(sandbox, warehouse, work.resolve("cli"), payload)));
      }
      for (int i = 0; i < cases.size(); i++) {
        JsonNode served =
            agent.client().awaitTriage(ids.get(i), Duration.ofSeconds(120)).path("report");
        runbooks.add(served.path("runbook").asText());
        TriageParity.compare(cases.get(i), served, cliReport(viaCli.get(i)))
            .ifPresent(mismatches::add);
      }
    } finally {
      cli.shutdownNow();
    }
    assertThat(mismatches).as("cases where serve and triage differ or are wrong").isEmpty();
    assertThat(runbooks)
        .as("every shipped runbook was reached by one alert")
        .containsAll(TriageParity.shippedRunbooks());
  }

  private static JsonNode cliReport(Future<JsonNode> triage) throws InterruptedException {
    try {
      return triage.get(2, TimeUnit.MINUTES);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AssertionError failed) {
        throw failed;
      }
      throw new AssertionError("lakeops triage failed", e.getCause());
    } catch (TimeoutException e) {
      throw new AssertionError("lakeops triage did not end within 2 minutes", e);
    }
  }

  /**
   * Reads until {@code done} holds; a read that throws counts as "not yet" (Flink's first answers).
   */
  private static <T> T poll(String what, Duration timeout, Callable<T> read, Predicate<T> done)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    T last = null;
    Exception error = null;
    while (true) {
      try {
        last = read.call();
        error = null;
        if (done.test(last)) {
          return last;
        }
      } catch (InterruptedException e) {
        throw e;
      } catch (Exception e) {
        error = e;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "Timed out after "
                + timeout.toSeconds()
                + " s waiting for "
                + what
                + "; last answer: "
                + last
                + (error == null ? "" : "; last error: " + error));
      }
      Thread.sleep(1_000);
    }
  }

  private static JsonNode read(String json) {
    try {
      return Json.mapper().readTree(json);
    } catch (java.io.IOException e) {
      throw new AssertionError("not JSON: " + json, e);
    }
  }
}
