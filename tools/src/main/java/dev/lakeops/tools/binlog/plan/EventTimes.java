package dev.lakeops.tools.binlog.plan;

import java.util.Arrays;

/**
 * The event offsets and timestamps around the first damage of one file, for the time window and the
 * event counts of a recovery plan. Bounded: at most {@link #CAPACITY} events on each side.
 *
 * @param firstTimestamp timestamp of the file's first event with a non-zero timestamp, -1 if none
 * @param lastTimestamp timestamp of the file's last valid event, -1 if none
 * @param beforeOffsets offsets of the last valid events before the first damage, in file order
 * @param beforeTimestamps their timestamps
 * @param beforeOverflow more events came before the damage than were kept
 * @param afterOffsets offsets of the first valid events after the first damage, in file order
 * @param afterTimestamps their timestamps
 */
public record EventTimes(
    long firstTimestamp,
    long lastTimestamp,
    long[] beforeOffsets,
    long[] beforeTimestamps,
    boolean beforeOverflow,
    long[] afterOffsets,
    long[] afterTimestamps) {

  public static final int CAPACITY = 4096;

  /** No timestamps known, e.g. a plan made from verdicts alone. */
  public static final EventTimes UNKNOWN =
      new EventTimes(-1, -1, new long[0], new long[0], false, new long[0], new long[0]);

  public EventTimes {
    beforeOffsets = beforeOffsets.clone();
    beforeTimestamps = beforeTimestamps.clone();
    afterOffsets = afterOffsets.clone();
    afterTimestamps = afterTimestamps.clone();
  }

  /** Whether any event was seen: false for {@link #UNKNOWN}. */
  boolean known() {
    return firstTimestamp >= 0 || beforeOffsets.length > 0 || afterOffsets.length > 0;
  }

  /**
   * Valid events before the damage that start at or after {@code from}; -1 when the kept events do
   * not reach back that far.
   */
  long countBefore(long from) {
    long n = Arrays.stream(beforeOffsets).filter(o -> o >= from).count();
    boolean complete = !beforeOverflow || (beforeOffsets.length > 0 && beforeOffsets[0] < from);
    return complete ? n : -1;
  }

  /**
   * Earliest timestamp of the kept events before the damage that start at or after {@code from}; -1
   * if none.
   */
  long earliestBefore(long from) {
    long t = -1;
    for (int i = 0; i < beforeOffsets.length; i++) {
      if (beforeOffsets[i] >= from
          && beforeTimestamps[i] > 0
          && (t < 0 || beforeTimestamps[i] < t)) {
        t = beforeTimestamps[i];
      }
    }
    return t;
  }

  /** Timestamp of the last valid event before the damage; -1 if none. */
  long lastBefore() {
    for (int i = beforeTimestamps.length - 1; i >= 0; i--) {
      if (beforeTimestamps[i] > 0) {
        return beforeTimestamps[i];
      }
    }
    return -1;
  }

  /**
   * Valid events after the damage that start before {@code to}; -1 when the kept events do not
   * reach that far.
   */
  long countAfter(long to) {
    long n = Arrays.stream(afterOffsets).filter(o -> o < to).count();
    boolean complete = n < afterOffsets.length || afterOffsets.length < CAPACITY;
    return complete ? n : -1;
  }

  /**
   * Latest timestamp of the kept events after the damage that start at or before {@code to}; -1 if
   * none.
   */
  long latestAfter(long to) {
    long t = -1;
    for (int i = 0; i < afterOffsets.length; i++) {
      if (afterOffsets[i] <= to && afterTimestamps[i] > t) {
        t = afterTimestamps[i];
      }
    }
    return t;
  }
}
