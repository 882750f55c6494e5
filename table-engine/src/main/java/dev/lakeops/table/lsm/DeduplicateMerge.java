package dev.lakeops.table.lsm;

import dev.lakeops.table.format.KeyValue;
import org.jspecify.annotations.Nullable;

/**
 * The {@code deduplicate} merge engine: the record with the highest sequence number wins, a
 * retraction included, so a {@code -D} as the newest record deletes the key once deletes are
 * dropped. With {@code ignore-delete}, retractions are skipped as if never written.
 */
public final class DeduplicateMerge implements MergeFunction {

  private final boolean ignoreDelete;
  private @Nullable KeyValue latest;

  public DeduplicateMerge(boolean ignoreDelete) {
    this.ignoreDelete = ignoreDelete;
  }

  @Override
  public void reset() {
    latest = null;
  }

  @Override
  public void add(KeyValue kv) {
    if (ignoreDelete && !kv.valueKind().isAdd()) {
      return;
    }
    latest = kv;
  }

  @Override
  public @Nullable KeyValue result() {
    return latest;
  }

  @Override
  public boolean mergesRunsAlike() {
    return true;
  }
}
