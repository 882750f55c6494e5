package dev.lakeops.table.lsm.aggregate;

import org.jspecify.annotations.Nullable;

/**
 * Folds the values of one column over the records of one key, oldest first (Paimon's {@code
 * FieldAggregator}). Values are the Java objects of {@link dev.lakeops.table.types.DataType}; null
 * is SQL null. An aggregator may keep state across one key's records (first-value functions);
 * {@link #reset} clears it before the next key. Not thread-safe.
 */
public interface FieldAggregator {

  /** The accumulator after adding {@code input} (an {@code +I}/{@code +U} record's value). */
  @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input);

  /**
   * Whether {@link #retract} is defined. Paimon's max, min, first-value, listagg and boolean
   * functions refuse retractions unless {@code fields.<f>.ignore-retract} is set.
   */
  boolean supportsRetraction();

  /**
   * The accumulator after taking away {@code input} (a {@code -U}/{@code -D} record's value).
   *
   * <p>Requires: {@link #supportsRetraction()}.
   */
  default @Nullable Object retract(@Nullable Object accumulator, @Nullable Object input) {
    throw new IllegalStateException(getClass().getSimpleName() + " does not retract");
  }

  /** Clears any per-key state. */
  default void reset() {}
}
