package dev.lakeops.tools.change;

import static dev.lakeops.tools.change.ChangeFixtures.codes;
import static dev.lakeops.tools.change.ChangeFixtures.only;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.flink.BackpressureAnalyzer;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkJobProbe;
import dev.lakeops.tools.flink.FlinkRest;
import dev.lakeops.tools.flink.FlinkTools;
import dev.lakeops.tools.kafka.KafkaClusters;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.table.TableLocator;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facade: hops of one call, partial and total failures, the window from the arguments, feeds.
 */
class ChangeToolsTest {

  private static final String JOB = "orders-to-lake";
  private final JsonNode redeploy = ChangeFixtures.flink("redeploy").get(1);
  private final Instant capturedAt = Instant.parse(redeploy.path("capturedAt").asText());
  @TempDir Path warehouse;

  @Test
  void combinesTheHopsOfOneCallAndNamesTheOneThatCouldNotBeRead() {
    ToolReport report =
        tools(ReplayedFlinkRest.of(redeploy))
            .recent(ChangeTargets.of(JOB, "db.missing", null, null), hourBeforeCapture());

    assertThat(report.status()).isEqualTo(ToolReport.Status.OK);
    assertThat(codes(report.findings()))
        .contains("change.flink.job-resubmitted", "change.unavailable");
    Finding unavailable = only(report.findings(), "change.unavailable");
    assertThat(unavailable.subject()).isEqualTo("table db.missing");
    assertThat(unavailable.evidence())
        .containsEntry("error", "NOT_FOUND")
        .containsEntry("endpoint", warehouse.resolve("db.db/missing").toAbsolutePath().toString());
    assertThat(ChangeText.line(report)).endsWith("; not read: table db.missing (NOT_FOUND)");
  }

  @Test
  void answersNoDataNamingWhatWasSearchedWhenEveryHopFindsNothing() {
    ToolReport report =
        tools(ReplayedFlinkRest.of(redeploy))
            .recent(
                ChangeTargets.of("no-such-job", "db.missing", "orders", null)
                    .withClusters(null, "staging"),
                hourBeforeCapture());

    assertThat(report.status()).isEqualTo(ToolReport.Status.NO_DATA);
    assertThat(report.error())
        .contains(
            "no Flink job named or with id 'no-such-job'",
            "'orders-to-lake'",
            "no table 'db.missing'",
            "No Kafka cluster named 'staging'");
    assertThat(report.params())
        .containsEntry("job", "no-such-job")
        .containsEntry("table", "db.missing")
        .containsEntry("kafka_cluster", "staging");
  }

  @Test
  void answersAnErrorWithTheEndpointWhenTheOnlyHopAnswersSomethingElseThanTheApi() {
    ReplayedFlinkRest broken =
        ReplayedFlinkRest.of(redeploy).edit("/v1/jobs/overview", o -> o.remove("jobs"));

    ToolReport report =
        tools(broken).recent(ChangeTargets.of(JOB, null, null, null), hourBeforeCapture());

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error())
        .isEqualTo(
            "BAD_RESPONSE: Flink REST answer has no 'jobs' array [GET "
                + broken.baseUrl()
                + "/v1/jobs/overview]");
  }

  @Test
  void refusesACallThatNamesNoTarget() {
    ToolReport report =
        tools(ReplayedFlinkRest.of(redeploy))
            .recent(ChangeTargets.of(null, null, null, null), hourBeforeCapture());

    assertThat(report.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(report.error())
        .isEqualTo("invalid argument: name at least one of job, table, topic or group");
  }

  @Test
  void endsTheWindowAtTheAlertAndLooksBackAnHourUnlessTold() {
    ChangeTools tools = tools(ReplayedFlinkRest.of(redeploy));

    ToolReport byAlert = tools.recent(args(Map.of("job", JOB, "alert_at", capturedAt.toString())));
    ToolReport explicit =
        tools.recent(
            args(
                Map.of(
                    "job",
                    JOB,
                    "since",
                    "2026-12-01T21:00:00Z",
                    "until",
                    "2026-12-01T22:00:00+00:00")));
    ToolReport epoch =
        tools.recent(
            args(
                Map.of(
                    "job",
                    JOB,
                    "alert_at",
                    Long.toString(capturedAt.toEpochMilli()),
                    "lookback",
                    "2h")));

    assertThat(byAlert.params())
        .containsEntry("since", capturedAt.minus(Duration.ofHours(1)).toString())
        .containsEntry("until", capturedAt.toString())
        .containsEntry("alertAt", capturedAt.toString());
    assertThat(only(byAlert.findings(), "change.flink.job-resubmitted").evidence())
        .containsKey("minutesBeforeAlert");
    assertThat(explicit.params())
        .containsEntry("since", "2026-12-01T21:00:00Z")
        .containsEntry("until", "2026-12-01T22:00:00Z")
        .doesNotContainKey("alertAt");
    assertThat(only(explicit.findings(), "change.flink.job-resubmitted").evidence())
        .doesNotContainKey("minutesBeforeAlert");
    assertThat(epoch.params())
        .containsEntry(
            "since",
            Instant.ofEpochMilli(capturedAt.toEpochMilli()).minus(Duration.ofHours(2)).toString());
  }

  @Test
  void answersAnErrorNamingATimeThatDoesNotRead() {
    ChangeTools tools = tools(ReplayedFlinkRest.of(redeploy));

    ToolReport bad = tools.recent(args(Map.of("job", JOB, "alert_at", "yesterday")));
    ToolReport empty =
        tools.recent(
            args(
                Map.of(
                    "job", JOB, "since", "2026-12-01T22:00:00Z", "until", "2026-12-01T21:00:00Z")));

    assertThat(bad.status()).isEqualTo(ToolReport.Status.ERROR);
    assertThat(bad.error())
        .isEqualTo(
            "invalid argument: parameter alert_at must be "
                + ChangeToolSpecs.INSTANT
                + ", was 'yesterday'");
    assertThat(empty.error())
        .isEqualTo(
            "invalid argument: the window is empty: since 2026-12-01T22:00:00Z is not before until"
                + " 2026-12-01T21:00:00Z");
  }

  @Test
  void addsTheChangesOfAFeedAndTellsItTheJobIdsTheFlinkHopSaw() {
    List<ChangeTargets> asked = new ArrayList<>();
    ChangeFeed feed =
        new ChangeFeed() {
          @Override
          public String name() {
            return "test feed";
          }

          @Override
          public List<Change> changes(ChangeTargets targets, ChangeWindow window) {
            asked.add(targets);
            return List.of(
                Change.of(
                        ChangeCodes.LAKEOPS_ACTION,
                        "lakeops",
                        "lakeops action table.compact",
                        window.until().minusSeconds(90))
                    .phrase("ran table.compact")
                    .summary("lakeops ran table.compact.")
                    .build());
          }
        };

    ToolReport report =
        tools(ReplayedFlinkRest.of(redeploy))
            .withFeed(feed)
            .recent(ChangeTargets.of(JOB, null, null, null), hourBeforeCapture());

    assertThat(only(report.findings(), "change.lakeops.action").evidence())
        .containsEntry("minutesBeforeAlert", "1");
    assertThat(asked)
        .singleElement()
        .satisfies(t -> assertThat(t.mentions()).contains(JOB).hasSizeGreaterThanOrEqualTo(3));
    assertThat(ChangeText.line(report)).contains("; 1 minute before: lakeops ran table.compact");
  }

  private ChangeWindow hourBeforeCapture() {
    return ChangeWindow.beforeAlert(capturedAt, Duration.ofMinutes(60));
  }

  private static ToolArgs args(Map<String, String> raw) {
    return ToolArgs.read(ChangeToolSpecs.RECENT, raw);
  }

  private ChangeTools tools(FlinkRest rest) {
    FlinkClusters flink =
        FlinkClusters.single(new FlinkTools(new FlinkJobProbe(rest), new BackpressureAnalyzer()));
    return new ChangeTools(
        new ChangeSources(flink, KafkaClusters.of(List.of()), TableLocator.local(warehouse)),
        KafkaProbeOptions.defaults(),
        new ChangeHistory(5, Duration.ofHours(1), 10),
        ChangeFixtures.clockAt(capturedAt));
  }
}
