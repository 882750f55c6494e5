package dev.lakeops.tools.binlog.plan;

import dev.lakeops.tools.binlog.file.BinlogEvent;
import dev.lakeops.tools.binlog.file.BinlogVisitor;
import dev.lakeops.tools.binlog.file.Damage;

/**
 * Collects {@link EventTimes} in the same pass as the integrity analyzer (run both through {@link
 * BinlogVisitors#both}). Keeps a ring of the last {@link EventTimes#CAPACITY} events before the
 * first damage and the first {@link EventTimes#CAPACITY} after it; nothing else grows with the
 * file.
 */
public final class EventTimesCollector implements BinlogVisitor {

  private final long[] ringOffsets = new long[EventTimes.CAPACITY];
  private final long[] ringTimestamps = new long[EventTimes.CAPACITY];
  private int ringStart;
  private int ringSize;
  private boolean overflow;
  private final long[] afterOffsets = new long[EventTimes.CAPACITY];
  private final long[] afterTimestamps = new long[EventTimes.CAPACITY];
  private int afterSize;
  private boolean damaged;
  private long firstTimestamp = -1;
  private long lastTimestamp = -1;

  @Override
  public void start(String file, long length) {}

  @Override
  public void event(BinlogEvent event) {
    long offset = event.header().offset();
    long timestamp = event.header().timestamp();
    if (timestamp > 0) {
      if (firstTimestamp < 0) {
        firstTimestamp = timestamp;
      }
      lastTimestamp = timestamp;
    }
    if (damaged) {
      if (afterSize < afterOffsets.length) {
        afterOffsets[afterSize] = offset;
        afterTimestamps[afterSize] = timestamp;
        afterSize++;
      }
      return;
    }
    int slot = (ringStart + ringSize) % ringOffsets.length;
    if (ringSize == ringOffsets.length) {
      ringStart = (ringStart + 1) % ringOffsets.length;
      overflow = true;
    } else {
      ringSize++;
    }
    ringOffsets[slot] = offset;
    ringTimestamps[slot] = timestamp;
  }

  @Override
  public void damage(Damage damage) {
    damaged = true;
  }

  @Override
  public void end(int checksumAlg) {}

  /** The times collected; call after the reader ends. */
  public EventTimes times() {
    long[] offsets = new long[ringSize];
    long[] timestamps = new long[ringSize];
    for (int i = 0; i < ringSize; i++) {
      offsets[i] = ringOffsets[(ringStart + i) % ringOffsets.length];
      timestamps[i] = ringTimestamps[(ringStart + i) % ringOffsets.length];
    }
    return new EventTimes(
        firstTimestamp,
        lastTimestamp,
        offsets,
        timestamps,
        overflow,
        java.util.Arrays.copyOf(afterOffsets, afterSize),
        java.util.Arrays.copyOf(afterTimestamps, afterSize));
  }
}
