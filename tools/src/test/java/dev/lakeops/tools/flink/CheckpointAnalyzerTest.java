package dev.lakeops.tools.flink;

import static dev.lakeops.tools.flink.Snapshots.completed;
import static dev.lakeops.tools.flink.Snapshots.failed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckpointAnalyzerTest {

  private static final CheckpointSettings EVERY_10S =
      new CheckpointSettings(10_000, 60_000, false, 0);
  private final CheckpointAnalyzer analyzer = new CheckpointAnalyzer();

  private List<String> codes(Snapshots s) {
    return analyzer.analyze(s.build()).stream().map(Finding::code).toList();
  }

  @Test
  void callsRegularQuickCheckpointsHealthy() {
    assertThat(
            codes(
                Snapshots.running()
                    .checkpoints(
                        EVERY_10S,
                        completed(3, 2_000, 300, 1000),
                        completed(2, 12_000, 300, 1000))))
        .containsExactly("flink.checkpoint.healthy");
  }

  @Test
  void neverCallsAJobHealthyWhileAFailureIsCountedButNotYetListed() {
    // An hourly interval: the job is too young for "no checkpoint completed" (stale) to apply.
    assertThat(
            codes(
                Snapshots.running()
                    .countedButUnlistedFailure(
                        new CheckpointSettings(3_600_000, 7_200_000, false, 0))))
        .containsExactly("flink.checkpoint.history-pending");
  }

  @Test
  void seesStateThatOnlyGrows() {
    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running()
                .checkpoints(
                    EVERY_10S,
                    completed(4, 2_000, 300, 4000),
                    completed(3, 12_000, 300, 3000),
                    completed(2, 22_000, 300, 2000))
                .build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.checkpoint.state-growth");
    assertThat(findings.get(0).evidence())
        .containsEntry("stateSize.oldest", "2000")
        .containsEntry("stateSize.newest", "4000");
  }

  @Test
  void doesNotCallStateThatGoesUpAndDownGrowth() {
    assertThat(
            codes(
                Snapshots.running()
                    .checkpoints(
                        EVERY_10S,
                        completed(4, 2_000, 300, 4000),
                        completed(3, 12_000, 300, 1000),
                        completed(2, 22_000, 300, 2000))))
        .containsExactly("flink.checkpoint.healthy");
  }

  @Test
  void callsACheckpointTakingLongerThanHalfTheTimeoutSlow() {
    assertThat(codes(Snapshots.running().checkpoints(EVERY_10S, completed(3, 2_000, 40_000, 1000))))
        .containsExactly("flink.checkpoint.slow");
  }

  @Test
  void callsALastCheckpointOlderThanThreeIntervalsStale() {
    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running().checkpoints(EVERY_10S, completed(3, 600_000, 300, 1000)).build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.checkpoint.stale");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.CRITICAL);
    assertThat(findings.get(0).evidence()).containsEntry("lastCompletedAgo", "10 min");
  }

  @Test
  void namesTheVertexWhoseBarrierArrivedLate() {
    CheckpointDetail detail =
        new CheckpointDetail(
            5,
            "IN_PROGRESS",
            List.of(
                new CheckpointDetail.VertexAck("a0", "Source: orders", 2, 2, 5L, 0L, 0),
                new CheckpointDetail.VertexAck("b0", "lake-writer: Writer", 1, 2, 30_327L, 0L, 0)));

    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running()
                .checkpoints(EVERY_10S, completed(4, 2_000, 300, 1000))
                .detail(detail)
                .build());

    assertThat(findings).extracting(Finding::code).containsExactly("flink.checkpoint.start-delay");
    assertThat(findings.get(0).evidence())
        .containsEntry("vertex", "lake-writer: Writer")
        .containsEntry("startDelayMs.max", "30327");
  }

  @Test
  void separatesTimeoutsFromFailuresCausedByRestarts() {
    assertThat(
            codes(
                Snapshots.running()
                    .checkpoints(
                        EVERY_10S,
                        failed(5, 1_000, "FailoverRegion is restarting."),
                        failed(4, 11_000, "FailoverRegion is restarting."),
                        completed(3, 21_000, 300, 1000))))
        .containsExactly("flink.checkpoint.failing");
    assertThat(
            codes(
                Snapshots.running()
                    .checkpoints(
                        EVERY_10S,
                        failed(5, 1_000, "Checkpoint expired before completing."),
                        completed(4, 11_000, 300, 1000))))
        .containsExactly("flink.checkpoint.timeout");
  }

  @Test
  void saysCheckpointingIsOffWhenTheJobHasNoCheckpointConfig() {
    assertThat(codes(Snapshots.running())).containsExactly("flink.checkpoint.disabled");
  }

  @Test
  void saysNothingOfCheckpointsWhoseEndpointFailed() {
    Snapshots s =
        Snapshots.running()
            .failure(
                new EndpointFailure(
                    "GET /v1/jobs/x/checkpoints",
                    dev.lakeops.tools.ProbeException.Code.TIMEOUT,
                    "slow"));

    assertThat(codes(s)).isEmpty();
  }

  @Test
  void listsTheCheckpointHistoryOldestFirstOnTheFirstFindingOnly() {
    List<Finding> findings =
        analyzer.analyze(
            Snapshots.running()
                .checkpoints(
                    EVERY_10S,
                    failed(5, 1_000, "Checkpoint expired before completing."),
                    failed(4, 11_000, "Checkpoint expired before completing."),
                    completed(3, 21_000, 300, 1000))
                .build());

    assertThat(findings.get(0).evidence().get("checkpointHistory"))
        .matches("3:COMPLETED:300:\\d+,4:FAILED:1000:12000,5:FAILED:1000:2000");
    assertThat(findings.subList(1, findings.size()))
        .allSatisfy(f -> assertThat(f.evidence()).doesNotContainKey("checkpointHistory"));
  }
}
