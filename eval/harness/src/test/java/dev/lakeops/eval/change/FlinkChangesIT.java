package dev.lakeops.eval.change;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.eval.sandbox.FlinkJobSubmitter;
import dev.lakeops.eval.sandbox.FlinkScenarios;
import dev.lakeops.eval.sandbox.FreePorts;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Json;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.change.ChangeHistory;
import dev.lakeops.tools.change.ChangeSources;
import dev.lakeops.tools.change.ChangeTargets;
import dev.lakeops.tools.change.ChangeText;
import dev.lakeops.tools.change.ChangeTools;
import dev.lakeops.tools.change.ChangeWindow;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRest;
import dev.lakeops.tools.flink.FlinkRestClient;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.table.TableLocator;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change probe against a real Flink MiniCluster with its REST API (the scenario cluster, in its
 * own JVM, with its healthy job as the control): a job redeployed with another parallelism and user
 * config and no state, a job stopped with a savepoint and resubmitted from it, no change, an
 * unknown job and an unreachable cluster. Jobs are submitted by a client JVM like a deployment.
 * {@code -Dlakeops.change.record=DIR} writes every REST answer the probe read as fixtures.
 */
class FlinkChangesIT {

  private static final Duration WAIT = Duration.ofSeconds(60);
  @TempDir static Path workDir;
  private static FlinkScenarios flink;
  private static FlinkJobSubmitter jobs;
  private static FlinkRestClient rest;

  @BeforeAll
  static void startFlink() {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    int port = FreePorts.take(1)[0];
    flink =
        FlinkScenarios.start(home, workDir.resolve("flink"), port, List.of(FlinkScenarios.HEALTHY));
    jobs = FlinkJobSubmitter.compile(home, workDir.resolve("jobs"), port);
    rest = new FlinkRestClient(flink.flinkRestUrl(), Duration.ofSeconds(10));
  }

  @AfterAll
  static void stopFlink() {
    long pid = flink == null ? -1 : flink.pid();
    if (flink != null) {
      flink.close();
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
  }

  @Test
  void callsARedeployWithAnotherParallelismAResubmissionWithItsParallelismConfigAndAFreshStart()
      throws Exception {
    RecordingFlinkRest recording = new RecordingFlinkRest(rest);
    ChangeTools tools = tools(recording);
    String first = jobs.submit("orders-to-lake", 1, "append");
    await(
        first,
        "a completed checkpoint",
        j ->
            rest.get("/v1/jobs/" + j + "/checkpoints").path("counts").path("completed").asLong()
                > 0);
    tools.recent(
        ChangeTargets.of("orders-to-lake", null, null, null),
        ChangeWindow.beforeAlert(Instant.now(), Duration.ofMinutes(60)));
    recording.endCapture(Instant.now());
    rest.patch("/v1/jobs/" + first + "?mode=cancel");
    awaitState(first, "CANCELED");
    String second = jobs.submit("orders-to-lake", 2, "upsert");
    awaitState(second, "RUNNING");
    Instant alertAt = Instant.now();

    long t0 = System.nanoTime();
    ToolReport report =
        tools.recent(
            ChangeTargets.of("orders-to-lake", null, null, null),
            ChangeWindow.beforeAlert(alertAt, Duration.ofMinutes(60)));
    long millis = (System.nanoTime() - t0) / 1_000_000;
    recording.endCapture(Instant.now());
    ChangeRecordings.write("flink/redeploy.json", recording.captures());
    rest.patch("/v1/jobs/" + second + "?mode=cancel");

    assertThat(report.status()).as(Json.compact(report)).isEqualTo(ToolReport.Status.OK);
    assertThat(codes(report))
        .as(Json.compact(report))
        .contains(
            "change.flink.job-resubmitted",
            "change.flink.parallelism",
            "change.flink.config",
            "change.flink.fresh-start")
        .doesNotContain("change.flink.savepoint-restore", "change.none");
    long start = startTime(second);
    Finding resubmitted = only(report, "change.flink.job-resubmitted");
    assertThat(resubmitted.evidence())
        .containsEntry("jobId", second)
        .containsEntry("previousJobId", first)
        .containsEntry("previousState", "CANCELED")
        .containsEntry("at", Instant.ofEpochMilli(start).toString())
        .containsEntry("minutesBeforeAlert", "0");
    assertThat(only(report, "change.flink.parallelism").evidence())
        .containsEntry("before", "1")
        .containsEntry("after", "2")
        .containsEntry("vertex[count-per-key]", "1 → 2");
    assertThat(only(report, "change.flink.config").evidence())
        .containsEntry("user-config.mode", "append → upsert");
    Finding fresh = only(report, "change.flink.fresh-start");
    assertThat(fresh.severity()).isEqualTo(Severity.WARN);
    assertThat(fresh.evidence()).containsEntry("previousHadState", "true");
    assertThat(ChangeText.line(report))
        .startsWith("changed less than a minute before the alert: job orders-to-lake resubmitted (")
        .contains("parallelism 1 → 2", "fresh start without state");
    System.out.println(
        "changes.recent after a redeploy: " + millis + " ms; " + ChangeText.line(report));
  }

  @Test
  void callsAResubmissionFromASavepointARestoreNotAFreshStart() throws Exception {
    RecordingFlinkRest recording = new RecordingFlinkRest(rest);
    ChangeTools tools = tools(recording);
    String first = jobs.submit("savepointed", 1, "append");
    await(
        first,
        "a completed checkpoint",
        j ->
            rest.get("/v1/jobs/" + j + "/checkpoints").path("counts").path("completed").asLong()
                > 0);
    String savepoint = stopWithSavepoint(first, workDir.resolve("savepoints"));
    String second = jobs.submitFromSavepoint("savepointed", 1, "append", savepoint);
    await(
        second,
        "its restore",
        j -> rest.get("/v1/jobs/" + j + "/checkpoints").path("latest").path("restored").isObject());
    Instant alertAt = Instant.now();

    long t0 = System.nanoTime();
    ToolReport report =
        tools.recent(
            ChangeTargets.of("savepointed", null, null, null),
            ChangeWindow.beforeAlert(alertAt, Duration.ofMinutes(60)));
    long millis = (System.nanoTime() - t0) / 1_000_000;
    recording.endCapture(Instant.now());
    ChangeRecordings.write("flink/savepoint-restore.json", recording.captures());
    rest.patch("/v1/jobs/" + second + "?mode=cancel");

    assertThat(codes(report))
        .as(Json.compact(report))
        .contains("change.flink.job-resubmitted", "change.flink.savepoint-restore")
        .doesNotContain(
            "change.flink.fresh-start", "change.flink.parallelism", "change.flink.config");
    Finding restore = only(report, "change.flink.savepoint-restore");
    assertThat(restore.evidence())
        .containsEntry("jobId", second)
        .containsEntry("kind", "savepoint")
        .containsEntry("minutesBeforeAlert", "0");
    assertThat(restore.evidence().get("externalPath"))
        .contains(Path.of(URI.create(savepoint)).getFileName().toString());
    assertThat(only(report, "change.flink.job-resubmitted").evidence())
        .containsEntry("previousState", "FINISHED");
    System.out.println(
        "changes.recent after a savepoint restore: " + millis + " ms; " + ChangeText.line(report));
  }

  @Test
  void reportsNoChangeForAJobRunningSinceBeforeTheWindow() {
    RecordingFlinkRest recording = new RecordingFlinkRest(rest);
    String healthy = flink.jobId(FlinkScenarios.HEALTHY);
    Instant since = Instant.ofEpochMilli(startTime(healthy)).plusSeconds(1);

    ToolReport report =
        tools(recording)
            .recent(
                ChangeTargets.of(FlinkScenarios.HEALTHY, null, null, null),
                new ChangeWindow(since, Instant.now(), null));
    recording.endCapture(Instant.now());
    ChangeRecordings.write("flink/no-change.json", recording.captures());

    assertThat(codes(report)).as(Json.compact(report)).containsExactly("change.none");
    assertThat(report.findings().get(0).evidence())
        .containsEntry("probed", "flink job healthy")
        .containsEntry("outsideWindow", "1");
  }

  @Test
  void answersNoDataNamingTheJobsThereForAnUnknownJob() {
    ToolReport report =
        tools(rest)
            .recent(
                ChangeTargets.of("no-such-job", null, null, null),
                ChangeWindow.beforeAlert(Instant.now(), Duration.ofMinutes(60)));

    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error())
        .contains(
            "no Flink job named or with id 'no-such-job'",
            "'healthy'",
            "GET " + flink.flinkRestUrl() + "/v1/jobs/overview");
  }

  @Test
  void answersAnErrorNamingTheEndpointForAnUnreachableCluster() {
    String url = "http://127.0.0.1:" + FreePorts.take(1)[0];

    ToolReport report =
        tools(new FlinkRestClient(url, Duration.ofSeconds(2)))
            .recent(
                ChangeTargets.of("orders-to-lake", null, null, null),
                ChangeWindow.beforeAlert(Instant.now(), Duration.ofMinutes(60)));

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error()).startsWith("UNREACHABLE: ").contains(url + "/v1/jobs/overview");
  }

  private static ChangeTools tools(FlinkRest flinkRest) {
    FlinkClusters clusters =
        FlinkClusters.single(
            new FlinkTools(new FlinkJobProbe(flinkRest), new BackpressureAnalyzer()));
    return new ChangeTools(
        new ChangeSources(
            clusters,
            KafkaClusters.of(List.of()),
            TableLocator.local(workDir.resolve("warehouse"))),
        KafkaProbeOptions.defaults(),
        ChangeHistory.defaults(),
        Clock.systemUTC());
  }

  private static String stopWithSavepoint(String jobId, Path dir) throws Exception {
    JsonNode trigger =
        rest.post(
            "/v1/jobs/" + jobId + "/stop",
            Json.mapper()
                .createObjectNode()
                .put("targetDirectory", dir.toUri().toString())
                .put("drain", false));
    String path = "/v1/jobs/" + jobId + "/savepoints/" + trigger.path("request-id").asText();
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      JsonNode status = rest.get(path);
      if ("COMPLETED".equals(status.path("status").path("id").asText())) {
        assertThat(status.path("operation").has("failure-cause")).as(status.toString()).isFalse();
        awaitState(jobId, "FINISHED");
        return status.path("operation").path("location").asText();
      }
      Thread.sleep(200);
    }
    throw new AssertionError(
        "the savepoint of " + jobId + " did not complete within " + WAIT.toSeconds() + " s");
  }

  private static void awaitState(String jobId, String state) throws InterruptedException {
    await(
        jobId,
        "state " + state,
        j -> state.equals(rest.get("/v1/jobs/" + j).path("state").asText()));
  }

  private static void await(String jobId, String what, Predicate<String> done)
      throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        if (done.test(jobId)) {
          return;
        }
      } catch (ProbeException e) {
        // not listed yet
      }
      Thread.sleep(200);
    }
    throw new AssertionError(
        "job " + jobId + " did not reach " + what + " within " + WAIT.toSeconds() + " s");
  }

  private static long startTime(String jobId) {
    return rest.get("/v1/jobs/" + jobId).path("start-time").asLong();
  }

  private static List<String> codes(ToolReport report) {
    return report.findings().stream().map(Finding::code).toList();
  }

  private static Finding only(ToolReport report, String code) {
    List<Finding> found = report.findings().stream().filter(f -> f.code().equals(code)).toList();
    assertThat(found).as(code + " in " + Json.compact(report)).hasSize(1);
    return found.get(0);
  }
}
