package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

/** The offset a group committed for one partition: the next record it will read. */
public record CommittedOffset(String topic, int partition, long offset) {

  public CommittedOffset {
    requireNonNull(topic, "topic");
  }

  public String partitionName() {
    return topic + "-" + partition;
  }
}
