package dev.lakeops.tools.kafka;

import java.time.Instant;

/**
 * One probe's view of one group on one partition.
 *
 * <p>Lag is measured against the end the consumer can reach: the last stable offset, unless the
 * committed offset is past it (then the consumer reads uncommitted data and the high watermark is
 * its end). A {@code read_committed} consumer cannot pass an open transaction, so lag against the
 * high watermark would call it stalled while it waits for the transaction.
 */
record PartitionSample(Instant at, long committed, PartitionOffsets offsets) {

  long end() {
    return committed > offsets.lastStable() ? offsets.highWatermark() : offsets.lastStable();
  }

  long lag() {
    return Math.max(0, end() - committed);
  }

  long lagToHighWatermark() {
    return Math.max(0, offsets.highWatermark() - committed);
  }

  boolean belowLogStart() {
    return committed < offsets.logStart();
  }
}
