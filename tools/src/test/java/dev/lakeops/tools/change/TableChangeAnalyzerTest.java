package dev.lakeops.tools.change;

import static dev.lakeops.tools.change.ChangeFixtures.codes;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.change.TableChangeSnapshot.TableCommit;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The table hop over a snapshot recorded from a table the engine wrote ({@code change/table/}, see
 * the README).
 */
class TableChangeAnalyzerTest {

  private final TableChangeSnapshot recorded = ChangeFixtures.table("new-commit-user").get(0);

  @Test
  void callsAStreamingWriterUnderANewUserAfterAnotherOneAWarningWithItsSnapshotAndTime() {
    TableCommit third = recorded.commits().get(2);

    List<Finding> findings =
        findings(recorded, ChangeWindow.beforeAlert(recorded.capturedAt(), Duration.ofMinutes(60)));

    Finding restarted = users(findings).get(0);
    assertThat(restarted.severity()).isEqualTo(Severity.WARN);
    assertThat(restarted.evidence())
        .containsEntry("snapshotId", "3")
        .containsEntry("before", "refunds-writer-a")
        .containsEntry("after", "refunds-writer-b")
        .containsEntry("identifiersRestarted", "true")
        .containsEntry("previousSnapshotId", "2")
        .containsEntry("at", Instant.ofEpochMilli(third.timeMillis()).toString())
        .containsEntry("minutesBeforeAlert", "0");
    assertThat(restarted.sources()).anyMatch(s -> s.endsWith("/snapshot/snapshot-3"));
    Finding first = users(findings).get(1);
    assertThat(first.severity()).isEqualTo(Severity.INFO);
    assertThat(first.evidence()).containsEntry("snapshotId", "1").doesNotContainKey("before");
    assertThat(codes(findings)).contains("change.table.schema");
  }

  @Test
  void leavesOutANewCommitUserJustBeforeTheWindow() {
    Instant third = Instant.ofEpochMilli(recorded.commits().get(2).timeMillis());

    assertThat(users(findings(recorded, new ChangeWindow(third, recorded.capturedAt(), null))))
        .hasSize(1);
    assertThat(
            users(
                findings(
                    recorded, new ChangeWindow(third.plusMillis(1), recorded.capturedAt(), null))))
        .isEmpty();
  }

  @Test
  void saysNothingOfAFirstWriterWhenOlderSnapshotsWereNotRead() {
    TableChangeSnapshot partial =
        new TableChangeSnapshot(
            recorded.table(),
            recorded.location(),
            recorded.capturedAt(),
            recorded.schemas(),
            recorded.commits(),
            false,
            recorded.earliestSnapshotId(),
            recorded.earliestHintWritten(),
            recorded.latestSnapshotId(),
            recorded.latestHintWritten(),
            recorded.tags());

    List<Finding> users =
        users(
            findings(
                partial, ChangeWindow.beforeAlert(recorded.capturedAt(), Duration.ofMinutes(60))));

    assertThat(users)
        .singleElement()
        .satisfies(f -> assertThat(f.severity()).isEqualTo(Severity.WARN));
  }

  private static List<Finding> users(List<Finding> findings) {
    return findings.stream().filter(f -> f.code().equals("change.table.new-commit-user")).toList();
  }

  private static List<Finding> findings(TableChangeSnapshot t, ChangeWindow window) {
    return ChangeFindings.of(
        new TableChangeAnalyzer().analyze(t, List.of(), window),
        window,
        List.of("table " + t.table()));
  }
}
