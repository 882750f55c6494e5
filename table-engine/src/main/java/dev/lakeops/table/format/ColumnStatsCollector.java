package dev.lakeops.table.format;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Collects {@link ColumnStats} over every row written to a file, whatever its row kind: stats of a
 * primary-key file include its {@code -D} rows (paimon-format.md §11), so they serve pruning only.
 *
 * <p>Per column, the effective mode is the configured one, narrowed as Paimon 1.3.1 narrows it
 * (measured):
 *
 * <ul>
 *   <li>BINARY/VARBINARY: null counts only (Paimon's values there are not comparable);
 *   <li>ARRAY/MAP/ROW: null counts only when collected from rows ({@link StatsSource#ROWS}),
 *       nothing when extracted from a footer ({@link StatsSource#FOOTER});
 *   <li>{@code truncate(n)} cuts CHAR/VARCHAR bounds to n code points and increments the max's last
 *       one; other types are kept in full.
 * </ul>
 */
public final class ColumnStatsCollector {

  private final RowType type;
  private final StatsMode[] modes;
  private final Comparator<Object>[] orders;
  private final Object[] min;
  private final Object[] max;
  private final long[] nullCounts;

  @SuppressWarnings("unchecked")
  private ColumnStatsCollector(RowType type, List<StatsMode> configured, StatsSource source) {
    if (configured.size() != type.arity()) {
      throw new IllegalArgumentException(
          "Expected "
              + type.arity()
              + " stats modes for "
              + type.fieldNames()
              + ", got "
              + configured.size());
    }
    this.type = type;
    this.modes = new StatsMode[type.arity()];
    this.orders = new Comparator[type.arity()];
    for (int i = 0; i < modes.length; i++) {
      modes[i] = effectiveMode(type.typeAt(i), configured.get(i), source);
      orders[i] = modes[i].keepsMinMax() ? ValueOrder.of(type.typeAt(i)) : null;
    }
    this.min = new Object[type.arity()];
    this.max = new Object[type.arity()];
    this.nullCounts = new long[type.arity()];
  }

  /** Collects columns of {@code type} with one mode per column. */
  public static ColumnStatsCollector of(RowType type, List<StatsMode> modes, StatsSource source) {
    return new ColumnStatsCollector(type, modes, source);
  }

  /** Collects every column of {@code type} with {@code mode}. */
  public static ColumnStatsCollector uniform(RowType type, StatsMode mode, StatsSource source) {
    return new ColumnStatsCollector(
        type, java.util.Collections.nCopies(type.arity(), mode), source);
  }

  /**
   * Collects the {@code _KEY_} columns: with the table's mode from rows, in full from a footer
   * (measured: Parquet key stats are never truncated, Avro ones are).
   */
  public static ColumnStatsCollector forKeys(
      RowType keyType, StatsMode tableMode, StatsSource source) {
    return uniform(keyType, source == StatsSource.FOOTER ? StatsMode.FULL : tableMode, source);
  }

  private static StatsMode effectiveMode(DataType type, StatsMode mode, StatsSource source) {
    if (mode.kind() == StatsMode.Kind.NONE) {
      return mode;
    }
    if (!(type instanceof AtomicType atomic)) {
      return source == StatsSource.ROWS ? StatsMode.COUNTS : StatsMode.NONE;
    }
    if (atomic.root() == TypeRoot.BINARY || atomic.root() == TypeRoot.VARBINARY) {
      return StatsMode.COUNTS;
    }
    return mode;
  }

  /** Adds one row of the collector's type. */
  public void add(Row row) {
    if (row.arity() != modes.length) {
      throw new IllegalArgumentException(
          "Invalid row for stats of " + type.fieldNames() + ": arity " + row.arity());
    }
    for (int i = 0; i < modes.length; i++) {
      Object value = row.get(i);
      if (value == null) {
        nullCounts[i]++;
      } else if (orders[i] != null) {
        if (min[i] == null || orders[i].compare(value, min[i]) < 0) {
          min[i] = value;
        }
        if (max[i] == null || orders[i].compare(value, max[i]) > 0) {
          max[i] = value;
        }
      }
    }
  }

  /** The stats of the rows added so far. */
  public ColumnStats result() {
    Object[] lower = new Object[modes.length];
    Object[] upper = new Object[modes.length];
    List<Long> counts = new ArrayList<>(modes.length);
    for (int i = 0; i < modes.length; i++) {
      StatsMode mode = modes[i];
      counts.add(mode.kind() == StatsMode.Kind.NONE ? null : nullCounts[i]);
      lower[i] = min[i];
      upper[i] = max[i];
      if (mode.kind() == StatsMode.Kind.TRUNCATE && min[i] instanceof String) {
        lower[i] = StringBounds.lowerBound((String) min[i], mode.length());
        upper[i] = StringBounds.upperBound((String) max[i], mode.length());
      }
    }
    return new ColumnStats(Row.of(lower), Row.of(upper), counts);
  }
}
