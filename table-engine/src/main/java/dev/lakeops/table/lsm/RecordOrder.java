package dev.lakeops.table.lsm;

import dev.lakeops.table.format.KeyValue;
import java.util.Comparator;
import org.jspecify.annotations.Nullable;

/**
 * The order of the records of one key wherever they meet (the write buffer, the merge on read,
 * compaction): by the user sequence fields of {@code sequence.field} when the table has them (see
 * {@link SequenceComparator}), then by sequence number, as Paimon's {@code SortMergeReader} does.
 * Without {@code sequence.field} records are ordered by sequence number only.
 */
public final class RecordOrder implements Comparator<KeyValue> {

  /** Sequence number only: tables without {@code sequence.field}. */
  public static final RecordOrder SEQUENCE_NUMBER = new RecordOrder(null);

  private final @Nullable SequenceComparator userSequence;

  private RecordOrder(@Nullable SequenceComparator userSequence) {
    this.userSequence = userSequence;
  }

  /** User sequence fields first, then the sequence number. */
  public static RecordOrder of(SequenceComparator userSequence) {
    return new RecordOrder(userSequence);
  }

  /**
   * This order with the user sequence ascending: Paimon's write buffer sorts by the sequence fields
   * ascending whatever {@code sequence.field.sort-order} says (only merges of files use the sort
   * order), so a descending table's buffered records of a key are merged in ascending order.
   */
  public RecordOrder ascending() {
    return userSequence == null ? this : new RecordOrder(userSequence.ascending());
  }

  @Override
  public int compare(KeyValue a, KeyValue b) {
    if (userSequence != null) {
      int c = userSequence.compare(a.value(), b.value());
      if (c != 0) {
        return c;
      }
    }
    return Long.compare(a.sequenceNumber(), b.sequenceNumber());
  }
}
