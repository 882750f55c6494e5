package dev.lakeops.agent.console.picture;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.TriageReport;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.kafka.CommittedOffset;
import dev.lakeops.tools.kafka.ConsumerGroup;
import dev.lakeops.tools.kafka.GroupMember;
import dev.lakeops.tools.kafka.KafkaLagAnalyzer;
import dev.lakeops.tools.kafka.KafkaLagSnapshot;
import dev.lakeops.tools.kafka.PartitionOffsets;
import dev.lakeops.tools.kafka.TopicInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Triage reports holding what the real Kafka lag analyzer found on hand-built probe windows. */
public final class KafkaReportsForTests {

  static final Instant T0 = Instant.parse("2026-12-02T10:00:00Z");

  private KafkaReportsForTests() {}

  /**
   * Group {@code group} on {@code partitions} partitions of {@code topic}, probed {@code probes}
   * times 20 s apart: partition p's end grows by {@code 100 * (p + 1)} a probe while the group
   * commits 50 a probe; partition 0 has an open transaction 40 records long when {@code
   * openTransaction}.
   */
  public static TriageReport lag(
      String topic, String group, int partitions, int probes, boolean openTransaction) {
    List<KafkaLagSnapshot> window = new ArrayList<>();
    for (int probe = 0; probe < probes; probe++) {
      List<CommittedOffset> committed = new ArrayList<>();
      List<PartitionOffsets> offsets = new ArrayList<>();
      for (int p = 0; p < partitions; p++) {
        long c = 1_000 + 50L * probe;
        long hw = 1_000 + 100L * (p + 1) * (probe + 1);
        long lso = openTransaction && p == 0 ? hw - 40 : hw;
        committed.add(new CommittedOffset(topic, p, c));
        offsets.add(new PartitionOffsets(topic, p, 0, hw, lso));
      }
      ConsumerGroup g =
          new ConsumerGroup(
              group,
              "Stable",
              "Classic",
              "range",
              List.of(new GroupMember("m-1", "c-1", "/127.0.0.1", List.of(topic + "-0"))),
              committed);
      window.add(
          new KafkaLagSnapshot(
              "local",
              "127.0.0.1:9092",
              T0.plusSeconds(20L * probe),
              List.of(g),
              offsets,
              List.of(new TopicInfo(topic, partitions, 1, Map.of())),
              List.of(),
              List.of(),
              List.of(),
              List.of("listOffsets " + topic)));
    }
    return TriageReportsForTests.of(
        Category.KAFKA_LAG,
        List.of(
            new ToolReport(
                ToolReport.Status.OK,
                "kafka.lag",
                Map.of("group", group),
                new KafkaLagAnalyzer().analyze(window),
                null)));
  }
}
