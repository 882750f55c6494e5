package dev.lakeops.table.lsm;

import dev.lakeops.table.format.KeyValue;
import org.jspecify.annotations.Nullable;

/**
 * Reduces the records of one key to at most one (Paimon's merge engines, {@code paimon-format.md}
 * §15.1). Use: {@link #reset}, {@link #add} each record of the key in {@link #recordOrder}, then
 * {@link #result}. Not thread-safe; one instance per merge.
 */
public interface MergeFunction {

  void reset();

  void add(KeyValue kv);

  /**
   * {@link #add} of a record that came from input {@code input} of the merge (the index of its
   * sorted run in the {@link MergeReader}'s inputs). Merges that need to know where a record came
   * from, such as the full-compaction changelog that compares against the highest level, override
   * it.
   */
  default void add(KeyValue kv, int input) {
    add(kv);
  }

  /**
   * Whether a key with a single record goes through this function too. By default it does not: a
   * {@link MergeReader} passes such a record on unchanged. The full-compaction changelog needs to
   * see every key, also those written once.
   */
  default boolean mergesSingleRecords() {
    return false;
  }

  /**
   * The merged record, possibly a retraction ({@code -D}/{@code -U}); null when nothing remains.
   */
  @Nullable KeyValue result();

  /**
   * The order in which the records of one key are added: by sequence number unless the table has
   * {@code sequence.field}. Readers, the write buffer and compaction order each key's records by
   * it.
   */
  default RecordOrder recordOrder() {
    return RecordOrder.SEQUENCE_NUMBER;
  }

  /**
   * Whether merging the merged results of consecutive runs of a key's records gives what merging
   * all of them at once gives, so the write buffer may reduce a run when it spills it. False unless
   * an engine says so: Paimon merges the buffered records of a key all at once.
   */
  default boolean mergesRunsAlike() {
    return false;
  }
}
