package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

/**
 * A transaction that holds a partition's last stable offset back ({@code describeProducers}).
 *
 * @param startOffset the offset of its first record: the last stable offset cannot pass it
 * @param lastTimestampMs when the producer last wrote to the partition
 */
public record OpenTransaction(
    String topic,
    int partition,
    long producerId,
    int producerEpoch,
    long startOffset,
    long lastTimestampMs) {

  public OpenTransaction {
    requireNonNull(topic, "topic");
  }
}
