package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A Flink job's Kafka source progress at one moment, to combine with the group's committed offsets:
 * the source commits only on completed checkpoints, so its own metrics are the real progress
 * ({@code reference/kafka.md} §6).
 *
 * @param job the Flink job name
 * @param endpoints the REST endpoints read, for evidence
 */
public record FlinkSourceOffsets(
    String job,
    Instant capturedAt,
    List<FlinkSourcePartition> partitions,
    List<String> endpoints,
    @Nullable String cluster) {

  public FlinkSourceOffsets {
    requireNonNull(job, "job");
    requireNonNull(capturedAt, "capturedAt");
    partitions = Copies.list(partitions);
    endpoints = Copies.list(endpoints);
  }

  /** Offsets of a job whose Flink cluster profile is not known (named by the operator). */
  public FlinkSourceOffsets(
      String job,
      Instant capturedAt,
      List<FlinkSourcePartition> partitions,
      List<String> endpoints) {
    this(job, capturedAt, partitions, endpoints, null);
  }

  /** These offsets, of a job on the Flink cluster profile {@code name}. */
  public FlinkSourceOffsets onCluster(String name) {
    return new FlinkSourceOffsets(job, capturedAt, partitions, endpoints, name);
  }

  public Optional<FlinkSourcePartition> partition(String topic, int partition) {
    return partitions.stream()
        .filter(p -> p.topic().equals(topic) && p.partition() == partition)
        .findFirst();
  }
}
