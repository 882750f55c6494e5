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
   * {@link #add} of a record that came from input {@code input} of the merge (the index of its
   * sorted run in the {@link MergeReader}'s inputs). Merges that need to know where a record came
   * from, such as the full-compaction changelog that compares against the highest level, override
   * it.
   */
  default void add(KeyValue kv, int input) {
    add(kv);
  }

  /**
   * The merged record, possibly a retraction ({@code -D}/{@code -U}); null when nothing remains.
   */
  @Nullable KeyValue result();
}
