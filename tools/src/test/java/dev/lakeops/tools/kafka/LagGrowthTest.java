package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.kafka.Fixtures.codes;
import static dev.lakeops.tools.kafka.Fixtures.only;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.tools.Finding;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Growing lag judged by the analyzer with its default rules, on group {@code g-enrich} (one live
 * member) reading {@code orders-0}, which producers write at 100 records/s.
 */
class LagGrowthTest {

  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  private final KafkaLagAnalyzer analyzer = new KafkaLagAnalyzer();

  /** Probes at the given seconds, each {@code {second, committed, end}}. */
  private static List<KafkaLagSnapshot> probes(long[]... probes) {
    List<KafkaLagSnapshot> window = new ArrayList<>();
    for (long[] p : probes) {
      ConsumerGroup group =
          new ConsumerGroup(
              "g-enrich",
              "Stable",
              "Classic",
              "range",
              List.of(new GroupMember("m-1", "enrich", "/10.0.0.9", List.of("orders-0"))),
              List.of(new CommittedOffset("orders", 0, p[1])));
      window.add(
          new KafkaLagSnapshot(
              "prod",
              "kafka-1:9092",
              T0.plusSeconds(p[0]),
              List.of(group),
              List.of(new PartitionOffsets("orders", 0, 0, p[2], p[2])),
              List.of(new TopicInfo("orders", 1, 3, Map.of())),
              List.of(),
              List.of(),
              List.of(),
              List.of("listOffsets(latest, orders-0) at kafka-1:9092")));
    }
    return window;
  }

  @Test
  void aGroupThatKeepsUpIsNotGrowingFromTwoProbesSixSecondsApart() {
    List<Finding> findings =
        analyzer.analyze(probes(new long[] {0, 10_000, 10_100}, new long[] {6, 10_600, 10_705}));

    assertThat(codes(findings)).containsExactly("kafka.lag.no-trend");
  }

  @Test
  void aGroupThatKeepsUpWithNoisyLagOverAMinuteIsOk() {
    List<Finding> findings =
        analyzer.analyze(
            probes(
                new long[] {0, 10_000, 10_100},
                new long[] {20, 11_850, 12_100},
                new long[] {40, 13_780, 14_100},
                new long[] {60, 15_700, 16_100}));

    Finding ok = only(findings, "kafka.lag.ok");
    assertThat(ok.evidence().get("partition[orders-0]"))
        .contains("producedPerSecond=100", "committedPerSecond=95");
    assertThat(codes(findings)).doesNotContain("kafka.lag.growing");
  }

  @Test
  void aGroupWhoseCommitsFallBehindTheProductionRateIsGrowing() {
    List<Finding> findings =
        analyzer.analyze(
            probes(
                new long[] {0, 10_000, 10_100},
                new long[] {10, 10_500, 11_100},
                new long[] {20, 11_000, 12_100}));

    assertThat(codes(findings)).containsExactly("kafka.lag.growing");
  }

  @Test
  void aGroupWhoseCommittedOffsetsAreFrozenWhileEndOffsetsRiseIsStalled() {
    List<Finding> findings =
        analyzer.analyze(
            probes(
                new long[] {0, 10_000, 10_100},
                new long[] {6, 10_000, 10_700},
                new long[] {12, 10_000, 11_300}));

    assertThat(codes(findings)).containsExactly("kafka.lag.stalled");
  }
}
