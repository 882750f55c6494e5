package dev.lakeops.table.lsm;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.ValueOrder;
import dev.lakeops.table.types.RowType;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Compares two value rows by a list of user sequence fields ({@code sequence.field} or the fields
 * of a {@code fields.<f>.sequence-group} key), field by field, as Paimon does: a null value is
 * older than any non-null one whatever the sort order, and {@code descending} reverses the order of
 * non-null values only.
 */
public final class SequenceComparator implements Comparator<Row> {

  private final int[] fields;
  private final Comparator<Object>[] orders;
  private final boolean ascending;

  @SuppressWarnings("unchecked")
  public SequenceComparator(RowType rowType, int[] fields, boolean ascending) {
    this.fields = fields.clone();
    this.orders = new Comparator[fields.length];
    for (int i = 0; i < fields.length; i++) {
      orders[i] = ValueOrder.of(rowType.typeAt(fields[i]));
    }
    this.ascending = ascending;
  }

  /** The same fields in ascending order. */
  SequenceComparator ascending() {
    return ascending ? this : new SequenceComparator(this, true);
  }

  private SequenceComparator(SequenceComparator other, boolean ascending) {
    this.fields = other.fields;
    this.orders = other.orders;
    this.ascending = ascending;
  }

  /** The indexes of the compared fields in the value row. */
  public int[] fields() {
    return fields.clone();
  }

  boolean isSequenceField(int index) {
    for (int f : fields) {
      if (f == index) {
        return true;
      }
    }
    return false;
  }

  /** Whether every compared field of {@code row} is null. */
  boolean allNull(Row row) {
    for (int f : fields) {
      if (!row.isNullAt(f)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int compare(Row a, Row b) {
    return compare(a, b::get);
  }

  /** Compares {@code a} with values read by field index from {@code b}. */
  int compare(Row a, java.util.function.IntFunction<Object> b) {
    for (int i = 0; i < fields.length; i++) {
      Object x = a.get(fields[i]);
      Object y = b.apply(fields[i]);
      if (x == null || y == null) {
        if (x != y) {
          return x == null ? -1 : 1;
        }
        continue;
      }
      int c = orders[i].compare(x, y);
      if (c != 0) {
        return ascending ? c : -c;
      }
    }
    return 0;
  }

  @Override
  public String toString() {
    return "SequenceComparator" + Arrays.toString(fields) + (ascending ? "" : " descending");
  }
}
