package dev.lakeops.tools.kafka;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;

/**
 * One group's evaluation: its state in the latest probe and a verdict per partition.
 *
 * @param windowSamples how many probes the window holds
 * @param window the time between the oldest and the latest probe
 */
record GroupVerdict(
    KafkaLagSnapshot latest,
    ConsumerGroup group,
    List<PartitionVerdict> partitions,
    int windowSamples,
    Duration window) {

  LagStatus status() {
    return partitions.stream().map(PartitionVerdict::status).reduce(LagStatus.OK, LagStatus::worse);
  }

  long totalLag() {
    return partitions.stream().mapToLong(p -> p.latest().lag()).sum();
  }

  List<PartitionVerdict> with(LagStatus status) {
    return partitions.stream().filter(p -> p.status() == status).toList();
  }

  /** Worst status first, then largest lag. */
  List<PartitionVerdict> worstFirst() {
    return partitions.stream()
        .sorted(
            Comparator.comparing(PartitionVerdict::status)
                .reversed()
                .thenComparing(
                    Comparator.comparingLong((PartitionVerdict p) -> p.latest().lag()).reversed()))
        .toList();
  }

  String subject() {
    return "kafka " + latest.cluster() + " / group " + group.groupId();
  }
}
