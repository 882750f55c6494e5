package dev.lakeops.table.lsm.aggregate;

import org.jspecify.annotations.Nullable;

/**
 * {@code fields.<f>.ignore-retract=true} (Paimon's {@code FieldIgnoreRetractAgg}): another
 * aggregator whose retractions leave the accumulator unchanged.
 */
final class IgnoreRetractAgg implements FieldAggregator {

  private final FieldAggregator aggregator;

  IgnoreRetractAgg(FieldAggregator aggregator) {
    this.aggregator = aggregator;
  }

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    return aggregator.agg(accumulator, input);
  }

  @Override
  public boolean supportsRetraction() {
    return true;
  }

  @Override
  public @Nullable Object retract(@Nullable Object accumulator, @Nullable Object input) {
    return accumulator;
  }

  @Override
  public void reset() {
    aggregator.reset();
  }
}
