package dev.lakeops.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which Flink source owns a member-less group, and what the lag analyzer says once it is known. */
class FlinkSourceFinderTest {

  private static final ConsumerGroup GROUP = group(500, 700);

  /**
   * The member-less group {@code orders-to-lake}, committed at these offsets of orders-0 and -1.
   */
  private static ConsumerGroup group(long offset0, long offset1) {
    return new ConsumerGroup(
        "orders-to-lake",
        "Empty",
        "Classic",
        "",
        List.of(),
        List.of(
            new CommittedOffset("orders", 0, offset0), new CommittedOffset("orders", 1, offset1)));
  }

  private static FlinkSourceOffsets source(Long committed0, Long committed1) {
    return new FlinkSourceOffsets(
        "orders-to-lake",
        Instant.parse("2026-11-30T12:00:00Z"),
        List.of(
            new FlinkSourcePartition("orders", 0, 900, committed0),
            new FlinkSourcePartition("orders", 1, 950, committed1)),
        List.of());
  }

  @Test
  void theSourceThatCommittedTheGroupsOffsetsOwnsIt() {
    assertThat(FlinkSourceFinder.sameCommits(GROUP, source(500L, 700L))).isTrue();
  }

  // Flink's REST serves a metric a few seconds old: right after a commit the source still shows
  // the group's previous offset, which an earlier probe of the window saw
  @Test
  void aSourceWhoseMetricIsACommitBehindMatchesTheOffsetTheGroupHadEarlierInTheWindow() {
    ConsumerGroup before = group(450, 640);

    assertThat(FlinkSourceFinder.sameCommits(List.of(GROUP, before), source(450L, 640L))).isTrue();
    assertThat(FlinkSourceFinder.sameCommits(List.of(GROUP, before), source(500L, 640L))).isTrue();
    // a value the group never had in the window is another source's
    assertThat(FlinkSourceFinder.sameCommits(List.of(GROUP, before), source(470L, 640L))).isFalse();
    assertThat(FlinkSourceFinder.sameCommits(List.of(GROUP), source(450L, 640L))).isFalse();
  }

  @Test
  void aSourceThatCommittedOtherOffsetsOnTheSameTopicDoesNot() {
    assertThat(FlinkSourceFinder.sameCommits(GROUP, source(500L, 650L))).isFalse();
  }

  @Test
  void aSourceWithoutCommittedOffsetsDoesNot() {
    assertThat(FlinkSourceFinder.sameCommits(GROUP, source(null, null))).isFalse();
  }

  @Test
  void theAnalyzerNamesTheJobAndItsClusterOnceTheSourceIsKnown() {
    KafkaLagSnapshot first = snapshot(Instant.parse("2026-11-30T12:00:00Z"), 400, 600);
    KafkaLagSnapshot last = snapshot(Instant.parse("2026-11-30T12:00:20Z"), 500, 700);
    List<Finding> findings =
        new KafkaLagAnalyzer(LagRules.defaults().withMinGrowthWindow(Duration.ofSeconds(1)))
            .analyze(
                List.of(first, last),
                Map.of("orders-to-lake", source(500L, 700L).onCluster("prod")));

    Finding read =
        findings.stream()
            .filter(f -> f.code().equals("kafka.lag.read-by-flink"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no kafka.lag.read-by-flink in " + findings));
    assertThat(read.evidence())
        .containsEntry("flinkJob", "orders-to-lake")
        .containsEntry("flinkCluster", "prod");
    assertThat(
            new KafkaLagAnalyzer(LagRules.defaults())
                .analyze(List.of(first, last), Map.of()).stream().map(Finding::code))
        .doesNotContain("kafka.lag.read-by-flink");
  }

  private static KafkaLagSnapshot snapshot(Instant at, long committed0, long committed1) {
    ConsumerGroup g =
        new ConsumerGroup(
            "orders-to-lake",
            "Empty",
            "Classic",
            "",
            List.of(),
            List.of(
                new CommittedOffset("orders", 0, committed0),
                new CommittedOffset("orders", 1, committed1)));
    return new KafkaLagSnapshot(
        "default",
        "k:9092",
        at,
        List.of(g),
        List.of(
            new PartitionOffsets("orders", 0, 0, 1000, 1000),
            new PartitionOffsets("orders", 1, 0, 1100, 1100)),
        List.of(new TopicInfo("orders", 2, 3, Map.of())),
        List.of(),
        List.of(),
        List.of(),
        List.of());
  }
}
