package dev.lakeops.eval.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.eval.sandbox.FlinkScenarios;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.approval.ApprovalRefusedException;
import dev.lakeops.runbooks.approval.ExecutionReport;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.runbooks.approval.ProposalState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flink.cancel} and {@code flink.stop_with_savepoint} through the approval gate against a
 * Flink MiniCluster's REST API (the scenario cluster, in its own JVM).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FlinkJobActionsIT {

  private static final int REST_PORT = 61681;
  @TempDir static Path workDir;
  private static FlinkScenarios flink;

  @TempDir Path stateDir;

  @BeforeAll
  static void startFlink() {
    Path home = Path.of(System.getProperty("lakeops.home", "../.."));
    flink =
        FlinkScenarios.start(
            home, workDir, REST_PORT, List.of(FlinkScenarios.HEALTHY, FlinkScenarios.CPU_HEAVY));
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
  void stopsAJobWithASavepoint() throws Exception {
    GateSetup g = new GateSetup(stateDir);
    Path savepoints = workDir.resolve("savepoints");
    String job = flink.jobId(FlinkScenarios.HEALTHY);

    Proposal p =
        g.propose(
            ActionKind.FLINK_STOP_WITH_SAVEPOINT,
            Map.of(
                "cluster",
                flink.flinkRestUrl(),
                "job",
                job,
                "target-directory",
                savepoints.toUri().toString()));
    assertThat(p.fingerprint().values())
        .containsEntry("job state", "RUNNING")
        .containsEntry("job id", job);
    ExecutionReport r = g.approveAndExecute(p);

    assertThat(r.error()).isNull();
    assertThat(r.state()).isEqualTo(ProposalState.DONE);
    assertThat(r.verification().passed()).as(r.verification().checks().toString()).isTrue();
    assertThat(r.outcome().items("jobs stopped")).isEqualTo(p.preview().items("jobs stopped"));
    assertThat(r.outcome().items("savepoints")).singleElement().asString().contains("savepoint-");
    try (var s = Files.list(savepoints)) {
      assertThat(s.toList()).isNotEmpty();
    }
  }

  @Test
  void cancelsARunningJobOnceAndRefusesAStoppedOne() {
    GateSetup g = new GateSetup(stateDir);
    String job = flink.jobId(FlinkScenarios.CPU_HEAVY);
    Map<String, String> args = Map.of("cluster", flink.flinkRestUrl(), "job", job);

    Proposal p = g.propose(ActionKind.FLINK_CANCEL, args);
    ExecutionReport r = g.approveAndExecute(p);

    assertThat(r.state()).isEqualTo(ProposalState.DONE);
    assertThat(r.outcome().items("jobs stopped")).containsExactly(job + ": RUNNING → CANCELED");
    assertThat(r.verification().passed()).as(r.verification().checks().toString()).isTrue();
    assertThatThrownBy(() -> g.propose(ActionKind.FLINK_CANCEL, args))
        .isInstanceOf(ApprovalRefusedException.class)
        .hasMessageContaining("it is CANCELED (expected RUNNING)");
  }

  // the scenario cluster runs Flink's default scheduler, which takes no resource requirements: a
  // rescale in place is refused, saying what it needs and what else to do; a vertex the job does
  // not have and a parallelism above the vertex's maximum are refused by name. First, while the
  // healthy job runs (the other tests stop both jobs).
  @Test
  @Order(1)
  void refusesToRescaleInPlaceUnderTheDefaultSchedulerAndBeyondWhatAVertexCanRun()
      throws Exception {
    GateSetup g = new GateSetup(stateDir);
    String job = flink.jobId(FlinkScenarios.HEALTHY);
    com.fasterxml.jackson.databind.JsonNode details =
        dev.lakeops.tools.Json.mapper()
            .readTree(
                java.net.http.HttpClient.newHttpClient()
                    .send(
                        java.net.http.HttpRequest.newBuilder(
                                java.net.URI.create(flink.flinkRestUrl() + "/v1/jobs/" + job))
                            .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString())
                    .body());
    com.fasterxml.jackson.databind.JsonNode vertex = details.path("vertices").path(0);
    String vertexId = vertex.path("id").asText();
    int max = vertex.path("maxParallelism").asInt();
    assertThat(max).isPositive();

    int running = vertex.path("parallelism").asInt();
    assertThatThrownBy(() -> rescale(g, job, vertexId, running + 1))
        .isInstanceOf(ApprovalRefusedException.class)
        .hasMessageContaining("in place: its scheduler takes no resource requirements")
        .hasMessageContaining("jobmanager.scheduler: adaptive");
    assertThatThrownBy(() -> rescale(g, job, "f".repeat(32), 2))
        .isInstanceOf(ApprovalRefusedException.class)
        .hasMessageContaining("has no vertex " + "f".repeat(32))
        .hasMessageContaining(vertexId);
    assertThatThrownBy(() -> rescale(g, job, vertexId, max + 1))
        .isInstanceOf(ApprovalRefusedException.class)
        .hasMessageContaining("its maximum parallelism is " + max);
  }

  private Proposal rescale(GateSetup g, String job, String vertex, int parallelism) {
    return g.propose(
        ActionKind.FLINK_RESCALE,
        Map.of(
            "cluster",
            flink.flinkRestUrl(),
            "job",
            job,
            "vertex",
            vertex,
            "parallelism",
            Integer.toString(parallelism)));
  }

  @Test
  void refusesAnUnknownJob() {
    GateSetup g = new GateSetup(stateDir);
    assertThatThrownBy(
            () ->
                g.propose(
                    ActionKind.FLINK_CANCEL,
                    Map.of("cluster", flink.flinkRestUrl(), "job", "0".repeat(32))))
        .isInstanceOf(ApprovalRefusedException.class)
        .hasMessageContaining("it is NOT_FOUND");
  }
}
