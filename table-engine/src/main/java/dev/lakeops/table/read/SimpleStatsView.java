package dev.lakeops.table.read;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.SimpleStats;
import dev.lakeops.table.types.RowType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@link FieldStats} over a {@link SimpleStats} whose rows have type {@code type}; decoded once.
 */
final class SimpleStatsView implements FieldStats {

  private final Map<String, Integer> index = new HashMap<>();
  private final @Nullable Row min;
  private final @Nullable Row max;
  private final List<@Nullable Long> nullCounts;
  private final long rowCount;

  private SimpleStatsView(
      RowType type,
      @Nullable Row min,
      @Nullable Row max,
      List<@Nullable Long> nullCounts,
      long rowCount) {
    for (int i = 0; i < type.arity(); i++) {
      index.put(type.fields().get(i).name(), i);
    }
    this.min = min;
    this.max = max;
    this.nullCounts = nullCounts;
    this.rowCount = rowCount;
  }

  /**
   * Statistics of rows of {@code type}; statistics that do not decode with it (another writer's
   * layout) are treated as absent rather than failing the scan, since they only serve pruning.
   */
  static FieldStats of(RowType type, SimpleStats stats, long rowCount) {
    if (stats.minValues().arity() != type.arity() || stats.maxValues().arity() != type.arity()) {
      return NONE;
    }
    try {
      Row min = StatsRows.decode(type, stats.minValues());
      Row max = StatsRows.decode(type, stats.maxValues());
      List<@Nullable Long> counts =
          stats.nullCounts().size() == type.arity() ? stats.nullCounts() : null;
      return new SimpleStatsView(
          type,
          min,
          max,
          counts == null ? java.util.Collections.nCopies(type.arity(), null) : counts,
          rowCount);
    } catch (IllegalArgumentException e) {
      return NONE;
    }
  }

  /** Statistics that cover nothing. */
  static final FieldStats NONE =
      new FieldStats() {
        @Override
        public boolean covers(String field) {
          return false;
        }

        @Override
        public @Nullable Object min(String field) {
          return null;
        }

        @Override
        public @Nullable Object max(String field) {
          return null;
        }

        @Override
        public @Nullable Long nullCount(String field) {
          return null;
        }

        @Override
        public long rowCount() {
          return -1;
        }
      };

  @Override
  public boolean covers(String field) {
    return index.containsKey(field);
  }

  @Override
  public @Nullable Object min(String field) {
    Integer i = index.get(field);
    return i == null || min == null ? null : min.get(i);
  }

  @Override
  public @Nullable Object max(String field) {
    Integer i = index.get(field);
    return i == null || max == null ? null : max.get(i);
  }

  @Override
  public @Nullable Long nullCount(String field) {
    Integer i = index.get(field);
    return i == null ? null : nullCounts.get(i);
  }

  @Override
  public long rowCount() {
    return rowCount;
  }
}
