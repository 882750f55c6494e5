package dev.lakeops.table.lsm;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.KeyValue;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import org.jspecify.annotations.Nullable;

/**
 * The changelog of a compaction into the highest level ({@code changelog-producer=full-compaction};
 * source: Paimon {@code FullChangelogMergeFunctionWrapper}). Only a full compaction writes the
 * highest level, so the record a key has there is its value as of the previous full compaction; the
 * merged record is its value now. Per key, comparing the two gives:
 *
 * <ul>
 *   <li>no old value, a new one: {@code +I} new;
 *   <li>an old value, the merge a retraction: {@code -D} old;
 *   <li>both: {@code -U} old, {@code +U} new, unless {@code changelog-producer.row-deduplicate} and
 *       the values are equal;
 *   <li>the old record alone (the key was not written since): nothing.
 * </ul>
 *
 * Changelog records keep the sequence number of the record they show. The merged record itself is
 * the result, as the wrapped merge gives it.
 */
final class FullChangelogMerge implements MergeFunction {

  private final MergeFunction merge;
  private final IntPredicate topLevelInput;
  private final boolean rowDeduplicate;
  private final Consumer<KeyValue> changelog;
  private @Nullable KeyValue topLevel;
  private @Nullable KeyValue first;
  private boolean merging;

  /**
   * @param topLevelInput which inputs of the merge are runs of the highest level
   * @param changelog receives the changelog records of each key as its result is taken
   */
  FullChangelogMerge(
      MergeFunction merge,
      IntPredicate topLevelInput,
      boolean rowDeduplicate,
      Consumer<KeyValue> changelog) {
    this.merge = requireNonNull(merge, "merge");
    this.topLevelInput = requireNonNull(topLevelInput, "topLevelInput");
    this.rowDeduplicate = rowDeduplicate;
    this.changelog = requireNonNull(changelog, "changelog");
  }

  @Override
  public void reset() {
    merge.reset();
    topLevel = null;
    first = null;
    merging = false;
  }

  @Override
  public boolean mergesSingleRecords() {
    return true;
  }

  @Override
  public RecordOrder recordOrder() {
    return merge.recordOrder();
  }

  @Override
  public boolean mergesRunsAlike() {
    return merge.mergesRunsAlike();
  }

  @Override
  public void add(KeyValue kv) {
    throw new UnsupportedOperationException(
        "The full-compaction changelog needs the input of each record");
  }

  @Override
  public void add(KeyValue kv, int input) {
    if (topLevelInput.test(input)) {
      if (topLevel != null) {
        throw new LsmConflictException(
            "Key " + kv.key() + " has two records in the highest level: the level overlaps");
      }
      topLevel = kv;
    }
    // a key with one record is passed through unmerged, as Paimon does: a merge engine may turn
    // a lone record into something else (aggregation of a retraction, for example)
    if (first == null) {
      first = kv;
      return;
    }
    if (!merging) {
      merge.add(first);
      merging = true;
    }
    merge.add(kv);
  }

  @Override
  public @Nullable KeyValue result() {
    if (first == null) {
      return null;
    }
    if (!merging) {
      if (topLevel == null && first.valueKind().isAdd()) {
        emit(RowKind.INSERT, first);
      }
      return first;
    }
    KeyValue merged = merge.result();
    boolean added = merged != null && merged.valueKind().isAdd();
    if (topLevel == null) {
      if (added) {
        emit(RowKind.INSERT, merged);
      }
    } else if (!added) {
      emit(RowKind.DELETE, topLevel);
    } else if (!rowDeduplicate || !sameValue(topLevel, merged)) {
      emit(RowKind.UPDATE_BEFORE, topLevel);
      emit(RowKind.UPDATE_AFTER, merged);
    }
    return merged;
  }

  private static boolean sameValue(KeyValue a, KeyValue b) {
    return a.value().withKind(RowKind.INSERT).equals(b.value().withKind(RowKind.INSERT));
  }

  private void emit(RowKind kind, KeyValue from) {
    changelog.accept(
        new KeyValue(
            from.key(), from.sequenceNumber(), kind, from.value().withKind(RowKind.INSERT)));
  }
}
