package dev.lakeops.table.lsm.aggregate;

import org.jspecify.annotations.Nullable;

/**
 * {@code bool_and} and {@code bool_or} over a BOOLEAN column (Paimon's {@code FieldBoolAndAgg},
 * {@code FieldBoolOrAgg}). Null inputs are skipped. No retraction.
 */
final class BoolAgg implements FieldAggregator {

  private final boolean and;

  BoolAgg(boolean and) {
    this.and = and;
  }

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null || input == null) {
      return accumulator == null ? input : accumulator;
    }
    boolean a = (Boolean) accumulator;
    boolean b = (Boolean) input;
    return and ? a && b : a || b;
  }

  @Override
  public boolean supportsRetraction() {
    return false;
  }
}
