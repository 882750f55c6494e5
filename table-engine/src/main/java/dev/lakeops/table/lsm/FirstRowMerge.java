package dev.lakeops.table.lsm;

import dev.lakeops.table.format.KeyValue;
import org.jspecify.annotations.Nullable;

/**
 * The {@code first-row} merge engine: the oldest record of a key (lowest sequence number) wins and
 * later ones are dropped. Retractions cannot be merged: with {@code ignore-delete} (or its alias
 * {@code first-row.ignore-delete}) they are skipped, otherwise the merge fails naming the table.
 */
public final class FirstRowMerge implements MergeFunction {

  private final String table;
  private final boolean ignoreDelete;
  private @Nullable KeyValue first;

  public FirstRowMerge(String table, boolean ignoreDelete) {
    this.table = table;
    this.ignoreDelete = ignoreDelete;
  }

  @Override
  public void reset() {
    first = null;
  }

  @Override
  public void add(KeyValue kv) {
    if (!kv.valueKind().isAdd()) {
      if (ignoreDelete) {
        return;
      }
      throw new IllegalArgumentException(
          "Table "
              + table
              + " (merge-engine 'first-row') holds a "
              + kv.valueKind().shortString()
              + " record of key "
              + kv.key()
              + ": first-row cannot merge retractions; set 'ignore-delete'"
              + " (or 'first-row.ignore-delete') to skip them");
    }
    if (first == null) {
      first = kv;
    }
  }

  @Override
  public @Nullable KeyValue result() {
    return first;
  }

  @Override
  public boolean mergesRunsAlike() {
    return true;
  }
}
