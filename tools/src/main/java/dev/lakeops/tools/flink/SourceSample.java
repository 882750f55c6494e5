package dev.lakeops.tools.flink;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A source vertex's progress from its operator metrics (FLIP-33 names; the Kafka source adds
 * per-partition offsets). Each value is summed ({@code pendingRecords}, records out) or the maximum
 * ({@code records-lag-max}, lags, idle time) over subtasks; null when no subtask reports it.
 *
 * @param pendingRecords records not yet fetched, summed over readers
 * @param recordsLagMax the worst partition's lag (Kafka consumer metric)
 * @param fetchLagMillis {@code currentFetchEventTimeLag}, max
 * @param emitLagMillis {@code currentEmitEventTimeLag}, max
 * @param watermarkLagMillis {@code watermarkLag}, max
 * @param sourceIdleMillis {@code sourceIdleTime}, min over subtasks (how long the busiest reader
 *     has had nothing)
 * @param idleMsPerSecond task idle time, average over subtasks
 * @param recordsOutPerSecond task output rate, summed
 * @param partitions Kafka partitions with their offsets
 */
public record SourceSample(
    FlinkVertex vertex,
    @Nullable Double pendingRecords,
    @Nullable Double recordsLagMax,
    @Nullable Double fetchLagMillis,
    @Nullable Double emitLagMillis,
    @Nullable Double watermarkLagMillis,
    @Nullable Double sourceIdleMillis,
    @Nullable Double idleMsPerSecond,
    @Nullable Double recordsOutPerSecond,
    List<PartitionOffsets> partitions) {

  public SourceSample {
    requireNonNull(vertex, "vertex");
    partitions = List.copyOf(partitions);
  }

  /**
   * A Kafka partition's read position and the offset last committed to the broker (on checkpoint).
   */
  public record PartitionOffsets(
      String topic, int partition, double currentOffset, @Nullable Double committedOffset) {}
}
