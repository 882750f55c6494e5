package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * The first committed data record at or after {@code offset}, read with a {@code read_committed}
 * consumer up to {@code endOffset}. Control records (transaction markers), aborted records and
 * offsets removed by compaction are skipped by the read, so a record offset above {@code offset}
 * shows such a gap, and no record at all below {@code endOffset} shows that everything left is one.
 *
 * @param offset where the read started (a committed offset)
 * @param endOffset where it stopped: the last stable offset at capture time
 * @param recordOffset the first record found, {@code null} if none below {@code endOffset}
 * @param timestampMs that record's timestamp (lag in time is measured against it)
 * @param complete whether the read reached a record or {@code endOffset} before its deadline
 */
public record RecordAtOffset(
    String topic,
    int partition,
    long offset,
    long endOffset,
    @Nullable Long recordOffset,
    @Nullable Long timestampMs,
    boolean complete) {

  public RecordAtOffset {
    requireNonNull(topic, "topic");
  }

  /** Whether the read proved that {@code [offset, endOffset)} holds no data record. */
  public boolean onlyNonDataRecordsBefore() {
    return complete && recordOffset == null && endOffset > offset;
  }
}
