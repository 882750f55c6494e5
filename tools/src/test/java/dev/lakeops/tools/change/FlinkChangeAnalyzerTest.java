package dev.lakeops.tools.change;

import static dev.lakeops.tools.change.ChangeFixtures.capture;
import static dev.lakeops.tools.change.ChangeFixtures.codes;
import static dev.lakeops.tools.change.ChangeFixtures.only;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Flink hop over REST answers recorded from a MiniCluster ({@code change/flink/}, see the
 * README).
 */
class FlinkChangeAnalyzerTest {

  private static final String JOB = "orders-to-lake";
  private final List<JsonNode> redeploy = ChangeFixtures.flink("redeploy");
  private final FlinkChangeAnalyzer analyzer = new FlinkChangeAnalyzer();

  @Test
  void callsARunAfterAnotherOfTheSameNameAResubmissionWithItsParallelismConfigAndAFreshStart() {
    FlinkChangeSnapshot now = capture(redeploy.get(1), JOB);

    List<Finding> findings = findings(now, List.of(), hourBefore(now.capturedAt()));

    assertThat(codes(findings))
        .contains(
            "change.flink.job-resubmitted",
            "change.flink.parallelism",
            "change.flink.config",
            "change.flink.fresh-start",
            "change.flink.job-started")
        .doesNotContain("change.flink.savepoint-restore", "change.none");
    FlinkJobInstance second = now.runs().get(0);
    FlinkJobInstance first = now.runs().get(1);
    assertThat(only(findings, "change.flink.job-resubmitted").evidence())
        .containsEntry("jobId", second.jobId())
        .containsEntry("previousJobId", first.jobId())
        .containsEntry("previousState", "CANCELED")
        .containsEntry("at", Instant.ofEpochMilli(second.startTimeMillis()).toString())
        .containsEntry("previousListed", "true");
    assertThat(only(findings, "change.flink.parallelism").evidence())
        .containsEntry("before", "1")
        .containsEntry("after", "2")
        .containsEntry("vertex[count-per-key]", "1 → 2")
        .containsEntry("vertex[Source: changes]", "1 → 2");
    assertThat(only(findings, "change.flink.config").evidence())
        .containsEntry("user-config.mode", "append → upsert");
    Finding fresh = only(findings, "change.flink.fresh-start");
    assertThat(fresh.severity()).isEqualTo(Severity.WARN);
    assertThat(fresh.evidence())
        .containsEntry("previousHadState", "true")
        .containsEntry("previousCompletedCheckpoints", "4");
  }

  @Test
  void remembersARunTheClusterNoLongerListsFromAnEarlierCapture() {
    FlinkChangeSnapshot earlier = capture(redeploy.get(0), JOB);
    String firstId = earlier.runs().get(0).jobId();
    ReplayedFlinkRest rest =
        ReplayedFlinkRest.of(redeploy.get(1)).edit("/v1/jobs/overview", o -> removeJob(o, firstId));

    FlinkChangeSnapshot now = capture(rest, redeploy.get(1), JOB);
    List<Finding> findings = findings(now, List.of(earlier), hourBefore(now.capturedAt()));

    assertThat(now.runs()).hasSize(1);
    assertThat(only(findings, "change.flink.job-resubmitted").evidence())
        .containsEntry("previousJobId", firstId)
        .containsEntry("previousListed", "false")
        .containsEntry("previousState", "RUNNING");
    assertThat(only(findings, "change.flink.parallelism").evidence())
        .containsEntry("before", "1")
        .containsEntry("after", "2");
    assertThat(only(findings, "change.flink.fresh-start").severity()).isEqualTo(Severity.WARN);
  }

  @Test
  void callsAResubmissionFromASavepointARestoreNotAFreshStart() {
    JsonNode recorded = ChangeFixtures.flink("savepoint-restore").get(0);
    FlinkChangeSnapshot now = capture(recorded, "savepointed");

    List<Finding> findings = findings(now, List.of(), hourBefore(now.capturedAt()));

    assertThat(codes(findings))
        .contains("change.flink.job-resubmitted", "change.flink.savepoint-restore")
        .doesNotContain(
            "change.flink.fresh-start", "change.flink.parallelism", "change.flink.config");
    Finding restore = only(findings, "change.flink.savepoint-restore");
    assertThat(restore.severity()).isEqualTo(Severity.INFO);
    assertThat(restore.evidence()).containsEntry("kind", "savepoint").containsKey("restoredAt");
    assertThat(restore.evidence().get("externalPath"))
        .startsWith("file:/")
        .contains("/savepoints/savepoint-");
    assertThat(restore.evidence().get("change")).startsWith("restored from savepoint savepoint-");
    assertThat(only(findings, "change.flink.job-resubmitted").evidence())
        .containsEntry("previousState", "FINISHED");
  }

  @Test
  void reportsNoChangeForAJobThatStartedBeforeTheWindow() {
    JsonNode recorded = ChangeFixtures.flink("no-change").get(0);
    FlinkChangeSnapshot now = capture(recorded, "healthy");
    Instant start = Instant.ofEpochMilli(now.runs().get(0).startTimeMillis());

    List<Finding> findings =
        findings(now, List.of(), new ChangeWindow(start.plusSeconds(1), now.capturedAt(), null));

    assertThat(codes(findings)).containsExactly("change.none");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.OK);
  }

  @Test
  void leavesOutAResubmissionJustOutsideTheWindow() {
    FlinkChangeSnapshot now = capture(redeploy.get(1), JOB);
    Instant start = Instant.ofEpochMilli(now.runs().get(0).startTimeMillis());

    assertThat(codes(findings(now, List.of(), new ChangeWindow(start, now.capturedAt(), null))))
        .contains("change.flink.job-resubmitted");
    assertThat(
            codes(
                findings(
                    now, List.of(), new ChangeWindow(start.plusMillis(1), now.capturedAt(), null))))
        .doesNotContain(
            "change.flink.job-resubmitted", "change.flink.parallelism", "change.flink.fresh-start");
    assertThat(
            codes(
                findings(
                    now,
                    List.of(),
                    new ChangeWindow(start.minusSeconds(60), start.minusMillis(1), null))))
        .doesNotContain("change.flink.job-resubmitted");
  }

  @Test
  void claimsNoFreshStartWhenTheCheckpointsCannotBeRead() {
    ReplayedFlinkRest rest = ReplayedFlinkRest.of(redeploy.get(1));
    String newest = capture(redeploy.get(1), JOB).runs().get(0).jobId();
    rest.edit("/v1/jobs/" + newest + "/checkpoints", o -> o.remove("counts"));

    FlinkChangeSnapshot now = capture(rest, redeploy.get(1), JOB);
    List<Finding> findings = findings(now, List.of(), hourBefore(now.capturedAt()));

    assertThat(now.failures())
        .singleElement()
        .satisfies(f -> assertThat(f.endpoint()).endsWith(newest + "/checkpoints"));
    assertThat(now.runs().get(0).checkpoints()).isNull();
    assertThat(codes(findings))
        .contains("change.flink.job-resubmitted")
        .doesNotContain("change.flink.fresh-start", "change.flink.savepoint-restore");
  }

  @Test
  void readsRunsWhoseOptionalFieldsAreMissingOrNull() {
    ReplayedFlinkRest rest = ReplayedFlinkRest.of(redeploy.get(1));
    FlinkChangeSnapshot recorded = capture(redeploy.get(1), JOB);
    String newest = recorded.runs().get(0).jobId();
    rest.edit(
        "/v1/jobs/overview",
        o -> o.path("jobs").forEach(j -> ((ObjectNode) j).remove(List.of("end-time", "duration"))));
    rest.edit(
        "/v1/jobs/" + newest + "/config",
        o ->
            ((ObjectNode) o.path("execution-config"))
                .remove(List.of("user-config", "job-parallelism")));
    rest.edit(
        "/v1/jobs/" + newest + "/checkpoints",
        o -> ((ObjectNode) o.path("latest")).putNull("restored"));

    FlinkChangeSnapshot now = capture(rest, redeploy.get(1), JOB);
    List<Finding> findings = findings(now, List.of(), hourBefore(now.capturedAt()));

    assertThat(now.failures()).isEmpty();
    assertThat(now.runs().get(1).endTimeMillis()).isNull();
    assertThat(now.runs().get(0).userConfig()).isNull();
    assertThat(only(findings, "change.flink.job-resubmitted").evidence())
        .doesNotContainKey("previousEnd");
    assertThat(only(findings, "change.flink.parallelism").evidence())
        .containsEntry("before", "1")
        .containsEntry("after", "2");
    assertThat(codes(findings))
        .contains("change.flink.fresh-start")
        .doesNotContain("change.flink.config");
  }

  @Test
  void cannotPlaceARunWithoutAStartTime() {
    ReplayedFlinkRest rest =
        ReplayedFlinkRest.of(redeploy.get(1))
            .edit(
                "/v1/jobs/overview",
                o -> o.path("jobs").forEach(j -> ((ObjectNode) j).remove("start-time")));

    FlinkChangeSnapshot now = capture(rest, redeploy.get(1), JOB);

    assertThat(codes(findings(now, List.of(), hourBefore(now.capturedAt()))))
        .containsExactly("change.none");
  }

  @Test
  void seesARescaleOfTheSameRunBetweenTwoCaptures() {
    FlinkChangeSnapshot earlier = capture(redeploy.get(1), JOB);
    String newest = earlier.runs().get(0).jobId();
    ReplayedFlinkRest rest =
        ReplayedFlinkRest.of(redeploy.get(1))
            .edit(
                "/v1/jobs/" + newest,
                o -> o.path("vertices").forEach(v -> ((ObjectNode) v).put("parallelism", 4)))
            .edit(
                "/v1/jobs/" + newest + "/config",
                o -> ((ObjectNode) o.path("execution-config")).put("job-parallelism", 4));
    Instant later = earlier.capturedAt().plus(Duration.ofMinutes(5));

    FlinkChangeSnapshot now =
        new FlinkChangeProbe(rest, ChangeFixtures.clockAt(later)).capture(JOB);
    List<Finding> findings = findings(now, List.of(earlier), hourBefore(later));

    Finding rescale =
        findings.stream()
            .filter(
                f ->
                    f.code().equals("change.flink.parallelism")
                        && f.evidence().containsKey("notBefore"))
            .findFirst()
            .orElseThrow();
    assertThat(rescale.evidence())
        .containsEntry("before", "2")
        .containsEntry("after", "4")
        .containsEntry("at", later.toString())
        .containsEntry("notBefore", earlier.capturedAt().toString())
        .containsEntry("minutesBeforeAlertAtMost", "5");
  }

  @Test
  void countsTheFailoversOfTheNewestRunAsRestarts() {
    ReplayedFlinkRest rest =
        ReplayedFlinkRest.ofOlderRecording("2.3/restart-loop", "ab51747245d0bc349ccfc27d6ac1f2f1");
    Instant lastFailure = Instant.ofEpochMilli(1795998639789L);

    FlinkChangeSnapshot now =
        new FlinkChangeProbe(rest, ChangeFixtures.clockAt(lastFailure.plusSeconds(30)))
            .capture("restart-loop");
    List<Finding> findings =
        findings(
            now,
            List.of(),
            ChangeWindow.beforeAlert(lastFailure.plusSeconds(60), Duration.ofMinutes(60)));

    Finding restart = only(findings, "change.flink.restart");
    assertThat(restart.evidence())
        .containsEntry("failovers", "3")
        .containsEntry("numRestarts", "18")
        .containsEntry("at", lastFailure.toString())
        .containsEntry("minutesBeforeAlert", "1")
        .containsEntry("change", "restarted 3 times");
    assertThat(now.failures()).extracting(f -> f.endpoint()).anyMatch(e -> e.endsWith("/config"));
  }

  private List<Finding> findings(
      FlinkChangeSnapshot now, List<FlinkChangeSnapshot> earlier, ChangeWindow window) {
    return ChangeFindings.of(
        analyzer.analyze(now, earlier), window, List.of("flink job " + now.job()));
  }

  private static ChangeWindow hourBefore(Instant alertAt) {
    return ChangeWindow.beforeAlert(alertAt, Duration.ofMinutes(60));
  }

  private static void removeJob(ObjectNode overview, String jobId) {
    ArrayNode jobs = (ArrayNode) overview.path("jobs");
    for (int i = jobs.size() - 1; i >= 0; i--) {
      if (jobs.get(i).path("jid").asText().equals(jobId)) {
        jobs.remove(i);
      }
    }
  }
}
