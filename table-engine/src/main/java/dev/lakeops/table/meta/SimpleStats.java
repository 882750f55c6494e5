package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Min/max/null-count statistics over some columns (source: Paimon {@code SimpleStats}): the min and
 * max values of each column as BinaryRows (column-wise, not a row that exists) and one null count
 * per column; a null count may be null when unknown.
 */
public record SimpleStats(
    BinaryRow minValues, BinaryRow maxValues, List<@Nullable Long> nullCounts) {

  /** Statistics over no columns. */
  public static final SimpleStats EMPTY =
      new SimpleStats(BinaryRow.EMPTY, BinaryRow.EMPTY, List.of());

  public SimpleStats {
    requireNonNull(minValues, "minValues");
    requireNonNull(maxValues, "maxValues");
    nullCounts = Collections.unmodifiableList(new ArrayList<>(nullCounts));
  }
}
