package dev.lakeops.tools.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.ToolReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The verdict line from the findings of a {@code changes.recent} report. */
class ChangeTextTest {

  private static final Instant ALERT = Instant.parse("2026-12-01T10:00:00Z");
  private static final ChangeWindow WINDOW =
      ChangeWindow.beforeAlert(ALERT, Duration.ofMinutes(60));

  @Test
  void leadsWithTheResubmissionAndListsItsDetailsForTheRecordedRedeploy() {
    FlinkChangeSnapshot now =
        ChangeFixtures.capture(ChangeFixtures.flink("redeploy").get(1), "orders-to-lake");
    ChangeWindow window = ChangeWindow.beforeAlert(now.capturedAt(), Duration.ofMinutes(60));

    String line =
        ChangeText.line(
            ChangeFindings.of(
                new FlinkChangeAnalyzer().analyze(now, List.of()), window, List.of("job")));

    assertThat(line)
        .isEqualTo(
            "changed less than a minute before the alert: job orders-to-lake resubmitted"
                + " (parallelism 1 → 2, config user-config.mode append → upsert, fresh start"
                + " without state)");
  }

  @Test
  void groupsChangesByTargetMostRecentFirstWithTheirMinutesBeforeTheAlert() {
    List<Change> changes =
        List.of(
            change(ChangeCodes.FLINK_PARALLELISM, "job orders-to-lake", 12, "parallelism 4 → 8"),
            change(ChangeCodes.FLINK_JOB_RESUBMITTED, "job orders-to-lake", 12, "resubmitted"),
            change(
                ChangeCodes.FLINK_FRESH_START,
                "job orders-to-lake",
                12,
                "fresh start without state"),
            change(
                ChangeCodes.TABLE_NEW_COMMIT_USER,
                "table lake.orders",
                40,
                "new commit user w2 at snapshot 9"),
            change(ChangeCodes.TABLE_TAG, "table lake.orders", 55, "tag t1 created (snapshot 3)"));

    String line = ChangeText.line(ChangeFindings.of(changes, WINDOW, List.of()));

    assertThat(line)
        .isEqualTo(
            "changed 12 minutes before the alert: job orders-to-lake resubmitted (parallelism 4 →"
                + " 8, fresh start without state); 40 minutes before: table lake.orders new commit"
                + " user w2 at snapshot 9 (tag t1 created (snapshot 3))");
  }

  @Test
  void saysAtMostHowLongBeforeTheAlertForAChangeSeenBetweenTwoProbes() {
    Change between =
        Change.of(
                ChangeCodes.KAFKA_TOPIC_CONFIG,
                "topic orders",
                "kafka topic orders",
                ALERT.plusSeconds(20))
            .notBefore(ALERT.minus(Duration.ofMinutes(25)))
            .phrase("config retention.ms 604800000 → 3600000")
            .summary("s")
            .build();

    assertThat(ChangeText.line(ChangeFindings.of(List.of(between), WINDOW, List.of())))
        .isEqualTo(
            "changed at most 25 minutes before the alert: topic orders config retention.ms"
                + " 604800000 → 3600000");
  }

  @Test
  void namesTheTimeWhenTheCallNamesNoAlert() {
    ChangeWindow window = new ChangeWindow(ALERT.minusSeconds(3600), ALERT, null);

    String line =
        ChangeText.line(
            ChangeFindings.of(
                List.of(
                    change(ChangeCodes.TABLE_OVERWRITE, "table t", 5, "overwrite at snapshot 4")),
                window,
                List.of()));

    assertThat(line).isEqualTo("changed at 2026-12-01T09:55:00Z: table t overwrite at snapshot 4");
  }

  @Test
  void saysNothingChangedInTheHourBeforeTheAlertAndWhatWasProbed() {
    String line =
        ChangeText.line(
            ChangeFindings.of(
                List.of(), WINDOW, List.of("flink job healthy", "table lake.orders")));

    assertThat(line)
        .isEqualTo(
            "nothing changed in the 60 minutes before the alert (flink job healthy; table"
                + " lake.orders)");
  }

  @Test
  void saysWhyNothingCanBeToldForAReportThatIsNotOk() {
    ToolReport report =
        new ToolReport(
            ToolReport.Status.NO_DATA,
            ChangeTools.RECENT,
            Map.of(),
            List.of(),
            "NOT_FOUND: no table 'x'");

    assertThat(ChangeText.line(report))
        .isEqualTo("could not tell what changed: NOT_FOUND: no table 'x'");
  }

  private static Change change(String code, String target, int minutesBefore, String phrase) {
    return Change.of(code, target, target, ALERT.minus(Duration.ofMinutes(minutesBefore)))
        .phrase(phrase)
        .summary(phrase + ".")
        .build();
  }
}
