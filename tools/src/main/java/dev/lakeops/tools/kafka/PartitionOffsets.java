package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

/**
 * The broker's offsets of one partition, read in one pass ({@code listOffsets}).
 *
 * @param logStart the earliest offset still in the log; lower offsets are deleted
 * @param highWatermark the log end as {@code read_uncommitted} consumers see it
 * @param lastStable the log end as {@code read_committed} consumers see it: below an open
 *     transaction
 */
public record PartitionOffsets(
    String topic, int partition, long logStart, long highWatermark, long lastStable) {

  public PartitionOffsets {
    requireNonNull(topic, "topic");
  }

  public String partitionName() {
    return topic + "-" + partition;
  }
}
