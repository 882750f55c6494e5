package dev.lakeops.table.lsm.lookup;

import dev.lakeops.table.data.Row;
import java.util.Arrays;

/**
 * Whether two versions of a row hold the same values, ignoring the row kind and some fields: the
 * test of {@code changelog-producer.row-deduplicate} (with {@code
 * changelog-producer.row-deduplicate-ignore-fields}), under which an update that changes nothing
 * produces no {@code -U}/{@code +U}.
 *
 * @param ignoredFields indexes of the fields left out of the comparison
 */
public record ValueEquality(int[] ignoredFields) {

  public ValueEquality {
    ignoredFields = ignoredFields.clone();
  }

  public boolean equal(Row a, Row b) {
    Object[] x = a.values();
    Object[] y = b.values();
    for (int i : ignoredFields) {
      x[i] = null;
      y[i] = null;
    }
    return Arrays.deepEquals(x, y);
  }
}
