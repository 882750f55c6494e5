package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.kafka.Fixtures.codes;
import static dev.lakeops.tools.kafka.Fixtures.only;
import static dev.lakeops.tools.kafka.Fixtures.window;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.Severity;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lag analyzer on windows recorded from a real 4.4 broker (see resources/kafka/README.md). */
class KafkaLagAnalyzerTest {

  /** The recordings span seconds: the minimum windows shrink to fit them. */
  private final KafkaLagAnalyzer analyzer =
      new KafkaLagAnalyzer(
          LagRules.defaults()
              .withMinStallWindow(Duration.ofSeconds(1))
              .withMinGrowthWindow(Duration.ofSeconds(1)));

  @Test
  void reportsAGroupWithoutLagAsOk() {
    List<Finding> findings = analyzer.analyze(window("lag_healthy"));

    assertThat(codes(findings)).containsExactly("kafka.lag.ok");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.OK);
    assertThat(findings.get(0).evidence())
        .containsEntry("group", "g-healthy")
        .containsEntry("totalLag", "0")
        .containsEntry("windowSamples", "2");
  }

  @Test
  void callsLagThatGrewBetweenEveryProbeWhileOffsetsMovedGrowing() {
    Finding f = only(analyzer.analyze(window("lag_growing")), "kafka.lag.growing");

    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.evidence())
        .containsEntry("group", "g-lagging")
        .containsEntry("totalLag", "360")
        .containsEntry("maxLagPartition", "lagging-0");
    assertThat(f.evidence().get("partition[lagging-0]"))
        .contains("lagTrend=90>180>270>360", "timeLagMs=");
  }

  @Test
  void needsTheGrowthWindowBeforeCallingRisingLagGrowing() {
    List<Finding> findings =
        new KafkaLagAnalyzer(LagRules.defaults()).analyze(window("lag_growing"));

    // The group commits without members, as a Flink source does: that note stays.
    assertThat(codes(findings))
        .containsExactly("kafka.lag.no-trend", "kafka.lag.flink-checkpoint-commits");
  }

  @Test
  void reportsTheProductionAndCommitRatesOfAGrowingPartition() {
    Finding f = only(analyzer.analyze(window("lag_growing")), "kafka.lag.growing");

    assertThat(f.evidence().get("partition[lagging-0]"))
        .contains("producedPerSecond=", "committedPerSecond=");
  }

  @Test
  void doesNotCallGrowingLagWhenOnlyTheLatestProbeIsKnown() {
    List<KafkaLagSnapshot> w = window("lag_growing");

    assertThat(codes(analyzer.analyze(w.subList(w.size() - 1, w.size()))))
        .containsExactly("kafka.lag.no-trend");
  }

  @Test
  void callsAGroupWithMembersWhoseOffsetsStandStillStalled() {
    Finding f = only(analyzer.analyze(window("lag_stalled")), "kafka.lag.stalled");

    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence())
        .containsEntry("group", "g-stalled")
        .containsEntry("members", "1")
        .containsEntry("state", "Stable")
        .containsEntry("partitionStatus", "STALL=2")
        .containsKeys("partition[stalled-0]", "partition[stalled-1]");
  }

  @Test
  void callsTheSameGroupWithoutMembersStopped() {
    List<KafkaLagSnapshot> w =
        window("lag_stalled").stream().map(Fixtures::withoutMembers).toList();

    assertThat(codes(analyzer.analyze(w))).containsExactly("kafka.lag.stopped");
  }

  @Test
  void needsTheMinimumWindowBeforeCallingStandingOffsetsStalled() {
    List<Finding> findings =
        new KafkaLagAnalyzer(LagRules.defaults()).analyze(window("lag_stalled"));

    assertThat(codes(findings)).containsExactly("kafka.lag.no-trend");
    assertThat(findings.get(0).severity()).isEqualTo(Severity.INFO);
  }

  @Test
  void reportsLossWhenTheCommittedOffsetIsBelowTheLogStart() {
    Finding f =
        only(analyzer.analyze(window("lag_below_log_start")), "kafka.offset.below-log-start");

    assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
    assertThat(f.evidence()).containsEntry("group", "g-retention");
    assertThat(f.evidence().get("partition[retention-0]"))
        .contains("status=ERR", "committed=30", "logStart=60");
  }

  @Test
  void explainsALagOfOneWithNoRecordLeftAsATransactionMarker() {
    List<Finding> findings = analyzer.analyze(window("lag_transaction_markers"));

    assertThat(codes(findings))
        .containsExactly(
            "kafka.lag.ok",
            "kafka.lag.transaction-marker",
            "kafka.lag.open-transaction",
            "kafka.lag.ok",
            "kafka.lag.open-transaction");
    assertThat(findings.get(1).evidence()).containsEntry("group", "g-marker");
    assertThat(findings.get(4).evidence()).containsEntry("group", "g-at-stable");
    assertThat(findings.get(4).evidence().get("partition[tx-orders-0]"))
        .contains("lastStable=11", "highWatermark=15", "lagToHighWatermark=4");
  }

  @Test
  void doesNotExplainAwayTheSameLagWithoutTheRecordRead() {
    List<KafkaLagSnapshot> w =
        window("lag_transaction_markers").stream().map(Fixtures::withoutRecords).toList();

    List<Finding> findings = analyzer.analyze(w);

    assertThat(codes(findings))
        .doesNotContain("kafka.lag.transaction-marker")
        .contains("kafka.lag.stopped");
  }

  @Test
  void reportsARewindOfTheCommittedOffset() {
    List<Finding> findings = analyzer.analyze(window("lag_rewound"));

    Finding f = only(findings, "kafka.offset.rewound");
    assertThat(f.severity()).isEqualTo(Severity.WARN);
    assertThat(f.evidence())
        .containsEntry("rewind[rewind-0]", "100>40")
        .containsEntry("replayedOffsets", "60");
    assertThat(codes(analyzer.analyze(window("lag_healthy"))))
        .doesNotContain("kafka.offset.rewound");
  }

  @Test
  void notesThatLagOnACompactedTopicOverstatesTheRecordsLeft() {
    Finding f = only(analyzer.analyze(window("lag_compacted")), "kafka.lag.compacted-topic");

    assertThat(f.evidence()).containsEntry("topics", "compacted");
    assertThat(f.evidence().get("partition[compacted-0]"))
        .contains("committed=0", "lag=101", "firstRecordAt=95", "gap=95");
    assertThat(codes(analyzer.analyze(window("lag_growing"))))
        .doesNotContain("kafka.lag.compacted-topic");
  }

  @Test
  void callsAMemberlessGroupWhoseOffsetsMoveAFlinkStyleCommitter() {
    List<Finding> findings = analyzer.analyze(window("lag_growing"));

    assertThat(codes(findings)).contains("kafka.lag.flink-checkpoint-commits");
    assertThat(codes(analyzer.analyze(window("lag_stalled"))))
        .doesNotContain("kafka.lag.flink-checkpoint-commits");
  }

  @Test
  void correctsStoppedToCommitsStalledWhenFlinkReadsAhead() {
    List<KafkaLagSnapshot> w =
        window("lag_stalled").stream().map(Fixtures::withoutMembers).toList();
    FlinkSourceOffsets flink =
        new FlinkSourceOffsets(
            "orders-to-lake",
            Instant.parse("2026-11-30T00:42:00Z"),
            List.of(
                new FlinkSourcePartition("stalled", 0, 40, 5L),
                new FlinkSourcePartition("stalled", 1, 55, 5L)),
            List.of());

    List<Finding> findings = analyzer.analyze(w, Map.of("g-stalled", flink));

    assertThat(codes(findings))
        .contains("kafka.lag.flink-checkpoint-commits", "kafka.lag.flink-commits-stalled")
        .doesNotContain("kafka.lag.stopped");
    assertThat(only(findings, "kafka.lag.flink-checkpoint-commits").evidence())
        .containsEntry("flinkJob", "orders-to-lake")
        .containsEntry("flinkLag", "5")
        .containsEntry("kafkaLag", "90");
  }

  @Test
  void reportsUnreadRecordsOlderThanTheRetention() {
    KafkaLagSnapshot s = Fixtures.latest("lag_growing");
    long now = s.capturedAt().toEpochMilli();
    KafkaLagSnapshot old =
        new KafkaLagSnapshot(
            s.cluster(),
            s.bootstrap(),
            s.capturedAt(),
            s.groups(),
            s.partitions(),
            List.of(
                new TopicInfo(
                    "lagging", 1, 1, Map.of("cleanup.policy", "delete", "retention.ms", "60000"))),
            List.of(new RecordAtOffset("lagging", 0, 40, 400, 40L, now - 120_000, true)),
            List.of(),
            List.of(),
            List.of());
    KafkaLagSnapshot young =
        new KafkaLagSnapshot(
            s.cluster(),
            s.bootstrap(),
            s.capturedAt(),
            s.groups(),
            s.partitions(),
            List.of(
                new TopicInfo(
                    "lagging", 1, 1, Map.of("cleanup.policy", "delete", "retention.ms", "600000"))),
            old.records(),
            List.of(),
            List.of(),
            List.of());

    Finding f = only(analyzer.analyze(List.of(old)), "kafka.config.retention-shorter-than-lag");

    assertThat(f.evidence())
        .containsEntry("partition", "lagging-0")
        .containsEntry("retentionMs", "60000")
        .containsEntry("timeLagMs", "120000");
    assertThat(codes(analyzer.analyze(List.of(young))))
        .doesNotContain("kafka.config.retention-shorter-than-lag");
  }

  @Test
  void keepsPartialResultsAndNamesWhatFailed() {
    KafkaLagSnapshot s = Fixtures.latest("lag_healthy");
    KafkaLagSnapshot partial =
        new KafkaLagSnapshot(
            s.cluster(),
            s.bootstrap(),
            s.capturedAt(),
            s.groups(),
            s.partitions(),
            s.topics(),
            s.records(),
            s.openTransactions(),
            List.of(
                new ProbeError(
                    ProbeException.Code.UNAUTHORIZED,
                    "describeConfigs(topic healthy) at 127.0.0.1:49092",
                    "TopicAuthorizationException: Not authorized")),
            s.queries());

    List<Finding> findings = analyzer.analyze(List.of(partial));

    assertThat(codes(findings)).containsExactly("kafka.lag.ok", "kafka.probe.partial");
    assertThat(findings.get(1).evidence())
        .containsEntry("code", "UNAUTHORIZED")
        .containsEntry("bootstrap", "127.0.0.1:49092");
  }

  @Test
  void saysSoWhenThereAreNoGroups() {
    KafkaLagSnapshot s = Fixtures.latest("lag_healthy");
    KafkaLagSnapshot empty =
        new KafkaLagSnapshot(
            s.cluster(),
            s.bootstrap(),
            s.capturedAt(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of());

    assertThat(codes(analyzer.analyze(List.of(empty)))).containsExactly("kafka.group.none");
  }

  @Test
  void saysWhichNamedGroupDoesNotExist() {
    KafkaLagSnapshot s = Fixtures.latest("lag_healthy");
    List<ConsumerGroup> groups = new java.util.ArrayList<>(s.groups());
    groups.add(new ConsumerGroup("g-nobody", "Dead", null, null, List.of(), List.of()));
    KafkaLagSnapshot withMissing =
        new KafkaLagSnapshot(
            s.cluster(),
            s.bootstrap(),
            s.capturedAt(),
            groups,
            s.partitions(),
            s.topics(),
            s.records(),
            s.openTransactions(),
            s.errors(),
            s.queries());

    List<Finding> findings = analyzer.analyze(List.of(withMissing));

    assertThat(codes(findings)).containsExactly("kafka.lag.ok", "kafka.group.not-found");
    assertThat(findings.get(1).evidence()).containsEntry("group", "g-nobody");
  }

  @Test
  void givesTheLagsShapeForAPicture() {
    Finding f = only(analyzer.analyze(window("lag_growing")), "kafka.lag.growing");

    assertThat(f.evidence().get("lagByPartition")).startsWith("lagging-0=360");
    assertThat(f.evidence().get("totalLagTrend")).endsWith(">360").contains("90>");
    assertThat(f.evidence().get("sampleSeconds").split(">")).hasSize(4);
    assertThat(f.evidence()).doesNotContainKey("lagOthers");
  }

  @Test
  void encodesWhatWouldSplitAPartitionName() {
    assertThat(KafkaLagAnalyzer.encodeName("a b=c%-0")).isEqualTo("a%20b%3Dc%25-0");
  }
}
