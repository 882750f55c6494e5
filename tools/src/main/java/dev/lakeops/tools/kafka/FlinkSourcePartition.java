package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * Where a Flink Kafka source is in one partition, from its {@code KafkaSourceReader} metrics.
 *
 * @param currentOffset the next offset the source reads: its real progress
 * @param committedOffset the offset it last committed to Kafka (on a completed checkpoint)
 */
public record FlinkSourcePartition(
    String topic, int partition, long currentOffset, @Nullable Long committedOffset) {

  public FlinkSourcePartition {
    requireNonNull(topic, "topic");
  }
}
