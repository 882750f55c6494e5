package dev.lakeops.table.lsm.lookup;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.lsm.MergeFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Merges the records of one key in a compaction that involves level 0, with the key's current
 * version looked up in the levels above the output (source: Paimon {@code LookupMergeFunction},
 * {@code LookupChangelogMergeFunctionWrapper}, {@code FirstRowMergeFunctionWrapper}).
 *
 * <p>For every merge engine but first-row, the <i>before</i> version is the input record of the
 * lowest level ≥ 1, or when the inputs have none, the record a lookup finds above the output level;
 * the result merges the level-0 records into it. A looked-up row is marked deleted in its file's
 * deletion vector, since the result replaces it in a lower level. When level 0 took part, the
 * changelog is: {@code +I} the result when there was no before (or it was a retraction); {@code -D}
 * the before when the result is a retraction; {@code -U} before, {@code +U} result otherwise, left
 * out with {@code changelog-producer.row-deduplicate} when the values are equal.
 *
 * <p>For first-row, the oldest record wins; a key without records in levels ≥ 1 among the inputs
 * that a lookup finds above the output is dropped (its first row is already there), and a new key
 * gives an {@code +I}-kind changelog record, the result itself.
 */
final class LookupMerge {

  private final MergeFunction merge;
  private final boolean firstRow;
  private final boolean produceChangelog;
  private final @Nullable ValueEquality rowDeduplicate;

  /**
   * @param rowDeduplicate null unless {@code changelog-producer.row-deduplicate}
   */
  LookupMerge(
      MergeFunction merge,
      boolean firstRow,
      boolean produceChangelog,
      @Nullable ValueEquality rowDeduplicate) {
    this.merge = merge;
    this.firstRow = firstRow;
    this.produceChangelog = produceChangelog;
    this.rowDeduplicate = rowDeduplicate;
  }

  /**
   * The merged record of {@code group} (one key, in record order), or null when nothing is left.
   * Changelog records go to {@code changelog}, the looked-up rows to mark deleted to {@code
   * replaced}.
   */
  @Nullable KeyValue merge(
      List<KeyGroups.Leveled> group,
      Function<Row, Optional<LookupLevels.Found>> lookup,
      List<KeyValue> changelog,
      List<LookupLevels.Found> replaced) {
    return firstRow
        ? mergeFirstRow(group, lookup, changelog)
        : mergeWithBefore(group, lookup, changelog, replaced);
  }

  private @Nullable KeyValue mergeWithBefore(
      List<KeyGroups.Leveled> group,
      Function<Row, Optional<LookupLevels.Found>> lookup,
      List<KeyValue> changelog,
      List<LookupLevels.Found> replaced) {
    boolean level0 = false;
    KeyGroups.Leveled high = null;
    for (KeyGroups.Leveled r : group) {
      if (r.level() == 0) {
        level0 = true;
      } else if (high == null || r.level() < high.level()) {
        high = r;
      }
    }
    List<KeyGroups.Leveled> candidates = group;
    if (high == null) {
      Optional<LookupLevels.Found> found = lookup.apply(group.get(0).kv().key());
      if (found.isPresent()) {
        high = new KeyGroups.Leveled(found.get().kv(), found.get().level());
        replaced.add(found.get());
        candidates = new ArrayList<>(group);
        candidates.add(high);
        candidates.sort((a, b) -> merge.recordOrder().compare(a.kv(), b.kv()));
      }
    }
    merge.reset();
    for (KeyGroups.Leveled r : candidates) {
      if (r.level() == 0 || r == high) {
        merge.add(r.kv());
      }
    }
    KeyValue result = merge.result();
    if (level0 && produceChangelog && result != null) {
      addChangelog(high == null ? null : high.kv(), result, changelog);
    }
    return result;
  }

  private void addChangelog(@Nullable KeyValue before, KeyValue after, List<KeyValue> changelog) {
    if (before == null || !before.valueKind().isAdd()) {
      if (after.valueKind().isAdd()) {
        changelog.add(withKind(after, RowKind.INSERT));
      }
    } else if (!after.valueKind().isAdd()) {
      changelog.add(withKind(before, RowKind.DELETE));
    } else if (rowDeduplicate == null || !rowDeduplicate.equal(before.value(), after.value())) {
      changelog.add(withKind(before, RowKind.UPDATE_BEFORE));
      changelog.add(withKind(after, RowKind.UPDATE_AFTER));
    }
  }

  private static KeyValue withKind(KeyValue kv, RowKind kind) {
    return new KeyValue(kv.key(), kv.sequenceNumber(), kind, kv.value());
  }

  private @Nullable KeyValue mergeFirstRow(
      List<KeyGroups.Leveled> group,
      Function<Row, Optional<LookupLevels.Found>> lookup,
      List<KeyValue> changelog) {
    boolean highLevel = false;
    merge.reset();
    for (KeyGroups.Leveled r : group) {
      highLevel |= r.level() > 0;
      merge.add(r.kv());
    }
    KeyValue result = merge.result();
    if (highLevel || result == null) {
      return result;
    }
    if (lookup.apply(result.key()).isPresent()) {
      return null;
    }
    if (produceChangelog) {
      changelog.add(result);
    }
    return result;
  }
}
