package dev.lakeops.table.lsm.aggregate;

import org.jspecify.annotations.Nullable;

/**
 * The primary-key columns of an aggregation table (Paimon's {@code FieldPrimaryKeyAgg}): equal in
 * every record of the key, so the input is kept as is, for additions and retractions alike.
 */
final class PrimaryKeyAgg implements FieldAggregator {

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    return input;
  }

  @Override
  public boolean supportsRetraction() {
    return true;
  }

  @Override
  public @Nullable Object retract(@Nullable Object accumulator, @Nullable Object input) {
    return input;
  }
}
