package dev.lakeops.table.lsm;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.format.KeyValue;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@code partial-update} merge engine (Paimon's semantics): the records of a key are folded in
 * order into one row where every non-null field of a newer record overwrites the field. With
 * sequence groups ({@code fields.<seq>.sequence-group=<f1>,<f2>}) the fields of a group are updated
 * together, and only by a record whose group sequence is not older than the row's; a record whose
 * group sequence fields are all null leaves the group alone.
 *
 * <p>Retractions ({@code -U}/{@code -D}): skipped with {@code ignore-delete}; with sequence groups
 * they null (or retract, for aggregated fields) the fields of the groups they are not older for,
 * and a {@code -D} in a group listed in {@code partial-update.remove-record-on-sequence-group}
 * removes the row; with {@code partial-update.remove-record-on-delete} a {@code -D} removes the
 * row; otherwise they fail the merge, naming the table and the options that allow them.
 *
 * <p>The result is {@code -D} when the row was removed or no add record was seen (keys then drop
 * out when deletes are dropped), {@code +I} otherwise, with the sequence number of the last record
 * folded in.
 */
public final class PartialUpdateMerge implements MergeFunction {

  /** The merge settings of one table, shared by its merge functions. */
  record Settings(
      String table,
      int arity,
      boolean[] nullable,
      boolean ignoreDelete,
      boolean removeRecordOnDelete,
      // by field: the comparator of the group it belongs to (sequence fields included), or null
      @Nullable SequenceComparator[] groups,
      // the sequence fields of the groups whose -D removes the row
      Set<Integer> removeOnGroupDelete,
      // by field: a supplier of its aggregator, or null
      @Nullable Supplier<PartialFieldAggregator>[] aggregators,
      List<String> fieldNames) {

    boolean hasGroups() {
      for (SequenceComparator g : groups) {
        if (g != null) {
          return true;
        }
      }
      return false;
    }
  }

  private final Settings settings;
  private final boolean hasGroups;
  private final @Nullable PartialFieldAggregator[] aggregators;
  private @Nullable Object[] row;
  private @Nullable Row key;
  private long latestSequence;
  private boolean deleteRow;
  private boolean notNullFilled;
  private boolean sawAdd;

  PartialUpdateMerge(Settings settings) {
    this.settings = settings;
    this.hasGroups = settings.hasGroups();
    this.aggregators = new PartialFieldAggregator[settings.arity()];
    for (int i = 0; i < aggregators.length; i++) {
      Supplier<PartialFieldAggregator> s = settings.aggregators()[i];
      aggregators[i] = s == null ? null : s.get();
    }
    reset();
  }

  @Override
  public void reset() {
    row = new Object[settings.arity()];
    key = null;
    latestSequence = 0;
    deleteRow = false;
    notNullFilled = false;
    sawAdd = false;
    for (PartialFieldAggregator a : aggregators) {
      if (a != null) {
        a.reset();
      }
    }
  }

  @Override
  public void add(KeyValue kv) {
    key = kv.key();
    deleteRow = false;
    if (!kv.valueKind().isAdd()) {
      if (!notNullFilled) {
        fillNotNull(kv.value());
        notNullFilled = true;
      }
      if (settings.ignoreDelete()) {
        return;
      }
      latestSequence = kv.sequenceNumber();
      if (hasGroups) {
        retractGroups(kv);
        return;
      }
      if (settings.removeRecordOnDelete()) {
        if (kv.valueKind() == RowKind.DELETE) {
          deleteRow = true;
          row = new Object[settings.arity()];
          fillNotNull(kv.value());
        }
        return;
      }
      throw new IllegalArgumentException(retractionRefused(settings.table(), kv.valueKind()));
    }
    latestSequence = kv.sequenceNumber();
    if (hasGroups) {
      updateGroups(kv.value());
    } else {
      updateNonNull(kv.value());
    }
    sawAdd = true;
    notNullFilled = true;
  }

  /** Why a retraction cannot be merged into a partial-update table without the options for it. */
  static String retractionRefused(String table, RowKind kind) {
    return "Table "
        + table
        + " (merge-engine 'partial-update') cannot merge a "
        + kind.shortString()
        + " record: set 'ignore-delete' (or 'partial-update.ignore-delete') to skip retractions,"
        + " 'partial-update.remove-record-on-delete' to remove the row on -D, or"
        + " 'fields.<seq>.sequence-group' to retract the fields of a group";
  }

  private void updateNonNull(Row value) {
    for (int i = 0; i < row.length; i++) {
      Object v = value.get(i);
      if (v != null) {
        row[i] = v;
      } else if (!settings.nullable()[i]) {
        throw nullInNotNull(i);
      }
    }
  }

  private void updateGroups(Row value) {
    boolean[] emptyGroup = new boolean[row.length];
    for (int i = 0; i < row.length; i++) {
      SequenceComparator group = settings.groups()[i];
      PartialFieldAggregator agg = aggregators[i];
      Object v = value.get(i);
      if (group == null) {
        if (agg != null) {
          row[i] = agg.agg(row[i], v);
        } else if (v != null) {
          row[i] = v;
        }
        continue;
      }
      if (isEmptyGroup(value, group, emptyGroup)) {
        continue;
      }
      if (group.compare(value, idx -> row[idx]) >= 0) {
        if (group.isSequenceField(i)) {
          for (int f : group.fields()) {
            row[f] = value.get(f);
          }
        } else {
          row[i] = agg == null ? v : agg.agg(row[i], v);
        }
      } else if (agg != null) {
        row[i] = agg.aggReversed(row[i], v);
      }
    }
  }

  private void retractGroups(KeyValue kv) {
    Row value = kv.value();
    Set<Integer> updatedSequenceFields = new HashSet<>();
    boolean[] emptyGroup = new boolean[row.length];
    for (int i = 0; i < row.length; i++) {
      SequenceComparator group = settings.groups()[i];
      if (group == null || isEmptyGroup(value, group, emptyGroup)) {
        continue;
      }
      PartialFieldAggregator agg = aggregators[i];
      if (group.compare(value, idx -> row[idx]) >= 0) {
        if (group.isSequenceField(i)) {
          for (int f : group.fields()) {
            if (!updatedSequenceFields.add(f)) {
              continue;
            }
            if (kv.valueKind() == RowKind.DELETE && settings.removeOnGroupDelete().contains(f)) {
              deleteRow = true;
              row = new Object[settings.arity()];
              fillNotNull(value);
              return;
            }
            row[f] = value.get(f);
          }
        } else if (agg == null) {
          row[i] = null;
        } else {
          row[i] = agg.retract(row[i], value.get(i));
        }
      } else if (agg != null) {
        row[i] = agg.retract(row[i], value.get(i));
      }
    }
  }

  // A group whose sequence fields are all null in the record is left alone; the flag is kept on
  // the group's sequence fields so the group's other fields skip it too.
  private static boolean isEmptyGroup(Row value, SequenceComparator group, boolean[] emptyGroup) {
    int[] fields = group.fields();
    if (emptyGroup[fields[0]]) {
      return true;
    }
    if (!group.allNull(value)) {
      return false;
    }
    for (int f : fields) {
      emptyGroup[f] = true;
    }
    return true;
  }

  private void fillNotNull(Row value) {
    for (int i = 0; i < row.length; i++) {
      if (!settings.nullable()[i]) {
        Object v = value.get(i);
        if (v == null) {
          throw nullInNotNull(i);
        }
        row[i] = v;
      }
    }
  }

  private IllegalArgumentException nullInNotNull(int field) {
    return new IllegalArgumentException(
        "Table "
            + settings.table()
            + ": field '"
            + settings.fieldNames().get(field)
            + "' is NOT NULL but a record holds null for it");
  }

  @Override
  public @Nullable KeyValue result() {
    if (key == null) {
      return null;
    }
    RowKind kind = deleteRow || !sawAdd ? RowKind.DELETE : RowKind.INSERT;
    return new KeyValue(key, latestSequence, kind, Row.wrap(RowKind.INSERT, row.clone()));
  }
}
