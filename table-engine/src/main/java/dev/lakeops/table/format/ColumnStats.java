package dev.lakeops.table.format;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Min, max and null count per column of one data file, as Paimon's {@code SimpleStats} holds them
 * (paimon-format.md §11). A column has no min/max (null in both rows) when its values are all null,
 * when its mode keeps none, for BINARY/VARBINARY and for nested columns. Its null count is null
 * when its mode keeps no statistics at all; such columns are dropped from manifests with {@code
 * metadata.stats-dense-store} ({@link #isCollected}).
 *
 * @param min per-column minimum, an {@code +I} row
 * @param max per-column maximum, an {@code +I} row
 * @param nullCounts per-column null count, null where not collected
 */
public record ColumnStats(Row min, Row max, List<@Nullable Long> nullCounts) {

  private static final ColumnStats EMPTY = new ColumnStats(Row.of(), Row.of(), List.of());

  public ColumnStats {
    requireNonNull(min, "min");
    requireNonNull(max, "max");
    nullCounts = Collections.unmodifiableList(new ArrayList<>(nullCounts));
    if (min.arity() != nullCounts.size() || max.arity() != nullCounts.size()) {
      throw new IllegalArgumentException(
          "Stats arities differ: min "
              + min.arity()
              + ", max "
              + max.arity()
              + ", null counts "
              + nullCounts.size());
    }
  }

  /** Stats of zero columns: the key stats of an append table's files. */
  public static ColumnStats empty() {
    return EMPTY;
  }

  public int arity() {
    return nullCounts.size();
  }

  /** Whether any statistic was collected for {@code column} (false only for mode {@code none}). */
  public boolean isCollected(int column) {
    return nullCounts.get(column) != null || !min.isNullAt(column) || !max.isNullAt(column);
  }
}
