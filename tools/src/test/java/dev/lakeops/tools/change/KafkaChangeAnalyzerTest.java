package dev.lakeops.tools.change;

import static dev.lakeops.tools.change.ChangeFixtures.codes;
import static dev.lakeops.tools.change.ChangeFixtures.only;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import dev.lakeops.tools.Severity;
import dev.lakeops.tools.change.KafkaChangeSnapshot.PartitionState;
import dev.lakeops.tools.change.KafkaChangeSnapshot.TopicState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Kafka hop over snapshots recorded from a KRaft broker ({@code change/kafka/}, see the
 * README).
 */
class KafkaChangeAnalyzerTest {

  private final KafkaChangeAnalyzer analyzer = new KafkaChangeAnalyzer();

  @Test
  void callsMorePartitionsThanAtTheEarlierCaptureAddedPartitionsTimedByTheirFirstRecord() {
    List<KafkaChangeSnapshot> s = ChangeFixtures.kafka("partitions-added");
    KafkaChangeSnapshot now = s.get(1);

    List<Finding> findings = findings(now, List.of(s.get(0)), hourBefore(now.capturedAt()));

    Finding added = only(findings, "change.kafka.partitions-added");
    assertThat(added.severity()).isEqualTo(Severity.WARN);
    assertThat(added.evidence())
        .containsEntry("before", "3")
        .containsEntry("after", "5")
        .containsEntry("addedPartitions", "3, 4")
        .containsEntry("keyedRecords", "true")
        .containsEntry("readBy", "orders-writer")
        .containsEntry("timedBy", "first record of the new partitions")
        .containsEntry("notBefore", s.get(0).capturedAt().toString());
    long first =
        now.topics().get(0).partitions().subList(3, 5).stream()
            .map(PartitionState::firstTimestamp)
            .min(Long::compare)
            .orElseThrow();
    assertThat(added.evidence()).containsEntry("at", Instant.ofEpochMilli(first).toString());
  }

  @Test
  void cannotTellAddedPartitionsWithoutAnEarlierCaptureWhenEveryPartitionIsAsYoung() {
    KafkaChangeSnapshot now = ChangeFixtures.kafka("partitions-added").get(1);

    assertThat(codes(findings(now, List.of(), hourBefore(now.capturedAt()))))
        .containsExactly("change.none");
  }

  @Test
  void infersAddedPartitionsWithoutAnEarlierCaptureFromTheirFirstRecords() {
    KafkaChangeSnapshot now = ChangeFixtures.kafka("partitions-added-no-history").get(0);
    long first = now.topics().get(0).partitions().get(2).firstTimestamp();

    List<Finding> findings = findings(now, List.of(), hourBefore(now.capturedAt()));

    assertThat(only(findings, "change.kafka.partitions-added").evidence())
        .containsEntry("before", "2")
        .containsEntry("after", "3")
        .containsEntry("addedPartitions", "2")
        .containsEntry("atIsUpperBound", "true")
        .containsEntry("at", Instant.ofEpochMilli(first).toString())
        .doesNotContainKey("notBefore");
  }

  @Test
  void leavesOutInferredPartitionsWhoseFirstRecordIsBeforeTheWindow() {
    KafkaChangeSnapshot now = ChangeFixtures.kafka("partitions-added-no-history").get(0);
    Instant first = Instant.ofEpochMilli(now.topics().get(0).partitions().get(2).firstTimestamp());

    assertThat(codes(findings(now, List.of(), new ChangeWindow(first, now.capturedAt(), null))))
        .contains("change.kafka.partitions-added");
    assertThat(
            codes(
                findings(
                    now, List.of(), new ChangeWindow(first.plusMillis(1), now.capturedAt(), null))))
        .containsExactly("change.none");
  }

  @Test
  void callsAddedPartitionsWhoseRecordsHaveNoKnownKeyInfo() {
    List<KafkaChangeSnapshot> s = ChangeFixtures.kafka("partitions-added");
    KafkaChangeSnapshot now = withoutKeyInfo(s.get(1));

    Finding added =
        only(
            findings(now, List.of(s.get(0)), hourBefore(now.capturedAt())),
            "change.kafka.partitions-added");

    assertThat(added.severity()).isEqualTo(Severity.INFO);
    assertThat(added.evidence()).containsEntry("keyedRecords", "false");
  }

  @Test
  void callsAConfigChangeARebalanceAndARewindBetweenCapturesChanges() {
    List<KafkaChangeSnapshot> s = ChangeFixtures.kafka("config-rebalance-rewind");
    KafkaChangeSnapshot now = s.get(2);

    List<Finding> findings =
        findings(now, List.of(s.get(0), s.get(1)), hourBefore(now.capturedAt()));

    assertThat(only(findings, "change.kafka.topic-config").evidence())
        .containsEntry("config[retention.ms]", "604800000 → 3600000")
        .containsEntry("notBefore", s.get(0).capturedAt().toString())
        .containsEntry("at", s.get(1).capturedAt().toString());
    assertThat(findings)
        .filteredOn(f -> f.code().equals("change.kafka.group-members"))
        .extracting(f -> f.evidence().get("groupEpoch"))
        .containsExactlyInAnyOrder("2 → 3", "3 → 5");
    Finding rewind = only(findings, "change.kafka.offsets-rewound");
    assertThat(rewind.severity()).isEqualTo(Severity.WARN);
    assertThat(rewind.evidence())
        .containsEntry("partition[events-0]", "40 → 0")
        .containsEntry("recordsToReadAgain", "40")
        .doesNotContainKey("partition[events-1]");
  }

  @Test
  void leavesOutAChangeSeenBetweenCapturesThatBothLieOutsideTheWindow() {
    List<KafkaChangeSnapshot> s = ChangeFixtures.kafka("config-rebalance-rewind");
    Instant second = s.get(1).capturedAt();
    Instant third = s.get(2).capturedAt();

    List<Finding> before =
        findings(
            s.get(2),
            List.of(s.get(0), s.get(1)),
            new ChangeWindow(second.minusSeconds(3600), second, null));
    List<Finding> after =
        findings(
            s.get(2),
            List.of(s.get(0), s.get(1)),
            new ChangeWindow(second.plusMillis(1), third.plusSeconds(1), null));

    assertThat(codes(before))
        .contains("change.kafka.topic-config")
        .doesNotContain("change.kafka.offsets-rewound");
    assertThat(codes(after))
        .contains("change.kafka.offsets-rewound")
        .doesNotContain("change.kafka.topic-config");
  }

  @Test
  void reportsNoChangeBetweenTwoCapturesOfAQuietTopic() {
    List<KafkaChangeSnapshot> s = ChangeFixtures.kafka("no-change");

    List<Finding> findings =
        findings(s.get(1), List.of(s.get(0)), hourBefore(s.get(1).capturedAt()));

    assertThat(codes(findings)).containsExactly("change.none");
  }

  private List<Finding> findings(
      KafkaChangeSnapshot now, List<KafkaChangeSnapshot> earlier, ChangeWindow window) {
    return ChangeFindings.of(
        analyzer.analyze(now, earlier, window), window, List.of("kafka topic " + now.topic()));
  }

  private static ChangeWindow hourBefore(Instant alertAt) {
    return ChangeWindow.beforeAlert(alertAt, Duration.ofMinutes(60));
  }

  private static KafkaChangeSnapshot withoutKeyInfo(KafkaChangeSnapshot s) {
    List<TopicState> topics =
        s.topics().stream()
            .map(
                t ->
                    new TopicState(
                        t.topic(),
                        t.partitions().stream()
                            .map(
                                p ->
                                    new PartitionState(
                                        p.partition(),
                                        p.logStart(),
                                        p.end(),
                                        p.firstTimestamp(),
                                        null))
                            .toList(),
                        t.configs()))
            .toList();
    return new KafkaChangeSnapshot(
        s.cluster(),
        s.bootstrap(),
        s.capturedAt(),
        s.topic(),
        s.groupId(),
        topics,
        s.group(),
        s.errors(),
        s.queries());
  }
}
