package dev.lakeops.tools.kafka;

import static dev.lakeops.tools.Checks.checkArgument;

/** Offsets {@code [from, to)} of one partition. */
public record OffsetRange(int partition, long from, long to) {

  public OffsetRange {
    checkArgument(partition >= 0, "Invalid partition: %s", partition);
    checkArgument(
        from >= 0 && to >= from,
        "Invalid offset range of partition %s: [%s, %s)",
        partition,
        from,
        to);
  }

  public long size() {
    return to - from;
  }
}
