package dev.lakeops.tools.kafka;

import org.jspecify.annotations.Nullable;

/**
 * The records of one partition's requested range, counted by reading them.
 *
 * @param requested the range asked for
 * @param logStart the partition's log start when counted: offsets below it are deleted
 * @param readFrom where counting started: {@code max(from, logStart)}
 * @param readTo where counting stopped: {@code min(to, highWatermark)}
 * @param records data records in {@code [readFrom, readTo)}, aborted ones included (what a {@code
 *     read_uncommitted} consumer gets)
 * @param committedRecords the same without aborted records (what a {@code read_committed} consumer
 *     gets); equal to {@code records} when no offset was missing
 * @param complete whether counting reached {@code readTo} before its deadline
 */
public record RangeCount(
    OffsetRange requested,
    long logStart,
    long highWatermark,
    long lastStable,
    long readFrom,
    long readTo,
    long records,
    long committedRecords,
    boolean complete,
    @Nullable String error) {

  /** Offsets in the counted range that are no data record: control records and compaction gaps. */
  long nonDataOffsets() {
    return Math.max(0, readTo - readFrom - records);
  }

  long abortedRecords() {
    return Math.max(0, records - committedRecords);
  }

  /** Requested offsets below the log start: deleted, cannot be counted. */
  long deletedOffsets() {
    return Math.max(0, Math.min(requested.to(), logStart) - requested.from());
  }

  /** Requested offsets at or above the high watermark: not written yet. */
  long unwrittenOffsets() {
    return Math.max(0, requested.to() - Math.max(requested.from(), highWatermark));
  }
}
