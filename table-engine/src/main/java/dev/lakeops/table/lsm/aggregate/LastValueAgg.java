package dev.lakeops.table.lsm.aggregate;

import org.jspecify.annotations.Nullable;

/**
 * {@code last_value} and {@code last_non_null_value} (Paimon's {@code FieldLastValueAgg}, {@code
 * FieldLastNonNullValueAgg}, the default function of a column): the newest input wins; with {@code
 * nonNull}, a null input keeps the accumulator. A retraction clears the value ({@code
 * last_non_null_value}: only a non-null retraction does).
 */
final class LastValueAgg implements FieldAggregator {

  private final boolean nonNull;

  LastValueAgg(boolean nonNull) {
    this.nonNull = nonNull;
  }

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    return nonNull && input == null ? accumulator : input;
  }

  @Override
  public boolean supportsRetraction() {
    return true;
  }

  @Override
  public @Nullable Object retract(@Nullable Object accumulator, @Nullable Object input) {
    return nonNull && input == null ? accumulator : null;
  }
}
