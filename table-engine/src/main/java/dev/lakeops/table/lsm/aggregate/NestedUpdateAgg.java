package dev.lakeops.table.lsm.aggregate;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@code nested_update} over an {@code ARRAY<ROW<...>>} column (Paimon's {@code
 * FieldNestedUpdateAgg}): a nested table. Without {@code fields.<f>.nested-key} the input's rows
 * are appended; with it, a row of the input replaces the accumulator's row with the same nested
 * key. Null rows are dropped once two values meet. {@code fields.<f>.count-limit} caps the rows: an
 * accumulator already at the limit takes no rows, otherwise at most {@code limit - accumulator
 * size} of the input's rows are added. A retraction removes the rows equal to the input's (with a
 * nested key: the rows with the input's keys). Paimon's order of a keyed result is its hash map's;
 * lakeops keeps the first occurrence's position.
 */
final class NestedUpdateAgg implements FieldAggregator {

  private final int @Nullable [] keyIndexes;
  private final int countLimit;

  /**
   * @param keyIndexes positions of the nested key in the element row, or null without a key
   */
  NestedUpdateAgg(int @Nullable [] keyIndexes, int countLimit) {
    this.keyIndexes = keyIndexes;
    this.countLimit = countLimit;
  }

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null || input == null) {
      return accumulator == null ? input : accumulator;
    }
    List<?> acc = (List<?>) accumulator;
    if (acc.size() >= countLimit) {
      return accumulator;
    }
    List<Row> rows = new ArrayList<>();
    addNonNull(rows, acc, Integer.MAX_VALUE);
    addNonNull(rows, (List<?>) input, countLimit - acc.size());
    if (keyIndexes == null) {
      return Collections.unmodifiableList(rows);
    }
    Map<Row, Row> byKey = new LinkedHashMap<>();
    for (Row row : rows) {
      byKey.put(row.project(keyIndexes), row);
    }
    return List.copyOf(byKey.values());
  }

  private static void addNonNull(List<Row> rows, List<?> array, int limit) {
    int added = 0;
    for (Object element : array) {
      if (added >= limit) {
        return;
      }
      if (element != null) {
        rows.add((Row) element);
        added++;
      }
    }
  }

  @Override
  public boolean supportsRetraction() {
    return true;
  }

  @Override
  public @Nullable Object retract(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null || input == null) {
      return accumulator;
    }
    List<?> retracted = (List<?>) input;
    if (keyIndexes == null) {
      List<Row> rows = new ArrayList<>();
      addNonNull(rows, (List<?>) accumulator, Integer.MAX_VALUE);
      for (Object r : retracted) {
        if (r != null) {
          Row gone = ((Row) r).withKind(RowKind.INSERT);
          rows.removeIf(row -> row.withKind(RowKind.INSERT).equals(gone));
        }
      }
      return Collections.unmodifiableList(rows);
    }
    Map<Row, Row> byKey = new LinkedHashMap<>();
    for (Object r : (List<?>) accumulator) {
      if (r != null) {
        byKey.put(((Row) r).project(keyIndexes), (Row) r);
      }
    }
    for (Object r : retracted) {
      if (r != null) {
        byKey.remove(((Row) r).project(keyIndexes));
      }
    }
    return List.copyOf(byKey.values());
  }
}
