package dev.lakeops.table.lsm;

import dev.lakeops.table.format.KeyValue;
import org.jspecify.annotations.Nullable;

/**
 * Reduces the records of one key to at most one (Paimon's merge engines, {@code paimon-format.md}
 * §15.1). Use: {@link #reset}, {@link #add} each record of the key in ascending sequence order,
 * then {@link #result}. Not thread-safe; one instance per merge.
 */
public interface MergeFunction {

  void reset();

  void add(KeyValue kv);

  /**
   * The merged record, possibly a retraction ({@code -D}/{@code -U}); null when nothing remains.
   */
  @Nullable KeyValue result();

  /**
   * Whether merging a key's records in consecutive groups, then merging the groups' results, gives
   * the record that merging them all at once gives. The write buffer reduces a spilled run only
   * when this holds (Paimon's buffer spills records unmerged); aggregation does not hold it (a
   * {@code -D} removing the row, products with retractions, floating-point sums).
   */
  default boolean mergesInGroups() {
    return true;
  }
}
