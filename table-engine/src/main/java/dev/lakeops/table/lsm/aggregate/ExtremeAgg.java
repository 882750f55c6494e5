package dev.lakeops.table.lsm.aggregate;

import java.util.Comparator;
import org.jspecify.annotations.Nullable;

/**
 * {@code max} and {@code min} (Paimon's {@code FieldMaxAgg}, {@code FieldMinAgg}) over a column
 * with an order: numbers, decimals, strings (by code point), binaries (unsigned bytes), dates,
 * times and timestamps. Null inputs are skipped; on a tie {@code max} keeps the accumulator and
 * {@code min} takes the input. No retraction.
 */
final class ExtremeAgg implements FieldAggregator {

  private final Comparator<Object> order;
  private final boolean max;

  private ExtremeAgg(Comparator<Object> order, boolean max) {
    this.order = order;
    this.max = max;
  }

  static ExtremeAgg max(Comparator<Object> order) {
    return new ExtremeAgg(order, true);
  }

  static ExtremeAgg min(Comparator<Object> order) {
    return new ExtremeAgg(order, false);
  }

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null || input == null) {
      return accumulator == null ? input : accumulator;
    }
    boolean inputGreater = order.compare(accumulator, input) < 0;
    if (max) {
      return inputGreater ? input : accumulator;
    }
    return inputGreater ? accumulator : input;
  }

  @Override
  public boolean supportsRetraction() {
    return false;
  }
}
