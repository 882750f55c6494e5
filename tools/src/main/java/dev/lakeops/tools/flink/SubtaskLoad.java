package dev.lakeops.tools.flink;

import org.jspecify.annotations.Nullable;

/**
 * Where one subtask spends each second, from the task metrics {@code busyTimeMsPerSecond}, {@code
 * backPressuredTimeMsPerSecond} and {@code idleTimeMsPerSecond}, and how many records it takes in
 * per second ({@code numRecordsInPerSecond}, for comparing siblings) and sends on ({@code
 * numRecordsOutPerSecond}: next to nothing for a sink's writer, whose output is the external
 * system). A value is null when the metric was not reported (not yet fetched, or {@code NaN}). The
 * three times need not add up to 1000: they come from separate per-second meters.
 */
public record SubtaskLoad(
    int subtask,
    @Nullable Double busyMsPerSecond,
    @Nullable Double backPressuredMsPerSecond,
    @Nullable Double idleMsPerSecond,
    @Nullable Double recordsInPerSecond,
    @Nullable Double recordsOutPerSecond) {

  /** A load without the output rate. */
  public SubtaskLoad(
      int subtask,
      @Nullable Double busyMsPerSecond,
      @Nullable Double backPressuredMsPerSecond,
      @Nullable Double idleMsPerSecond,
      @Nullable Double recordsInPerSecond) {
    this(
        subtask,
        busyMsPerSecond,
        backPressuredMsPerSecond,
        idleMsPerSecond,
        recordsInPerSecond,
        null);
  }

  /** A load without the record rates. */
  public SubtaskLoad(
      int subtask,
      @Nullable Double busyMsPerSecond,
      @Nullable Double backPressuredMsPerSecond,
      @Nullable Double idleMsPerSecond) {
    this(subtask, busyMsPerSecond, backPressuredMsPerSecond, idleMsPerSecond, null, null);
  }

  public boolean isReported() {
    return busyMsPerSecond != null || backPressuredMsPerSecond != null || idleMsPerSecond != null;
  }
}
