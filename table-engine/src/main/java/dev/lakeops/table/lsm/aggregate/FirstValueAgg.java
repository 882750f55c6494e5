package dev.lakeops.table.lsm.aggregate;

import org.jspecify.annotations.Nullable;

/**
 * {@code first_value} and {@code first_non_null_value} (Paimon's {@code FieldFirstValueAgg}, {@code
 * FieldFirstNonNullValueAgg}; legacy name {@code first_not_null_value}): the first input of the
 * key's merge wins, with {@code nonNull} the first non-null one. The choice is remembered for the
 * rest of the merge, even across a {@code -D} that {@code aggregation.remove-record-on-delete}
 * turns into a removal. No retraction.
 */
final class FirstValueAgg implements FieldAggregator {

  private final boolean nonNull;
  private boolean chosen;

  FirstValueAgg(boolean nonNull) {
    this.nonNull = nonNull;
  }

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    if (!chosen && (!nonNull || input != null)) {
      chosen = true;
      return input;
    }
    return accumulator;
  }

  @Override
  public boolean supportsRetraction() {
    return false;
  }

  @Override
  public void reset() {
    chosen = false;
  }
}
