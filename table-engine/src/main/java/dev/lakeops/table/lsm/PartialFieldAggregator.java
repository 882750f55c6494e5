package dev.lakeops.table.lsm;

import org.jspecify.annotations.Nullable;

/**
 * What the {@code partial-update} merge needs of a field aggregator ({@code
 * fields.<f>.aggregate-function} on a field of a sequence group): fold a newer value in, fold an
 * older value in (a record whose group sequence is older than the accumulated one), and retract a
 * value. The {@code aggregation} merge engine's field aggregators provide these; one instance per
 * field and merge function, {@link #reset} before each key.
 */
public interface PartialFieldAggregator {

  void reset();

  /** The accumulator after a newer {@code input}. */
  @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input);

  /** The accumulator after an {@code input} older than what was accumulated. */
  default @Nullable Object aggReversed(@Nullable Object accumulator, @Nullable Object input) {
    return agg(input, accumulator);
  }

  /**
   * The accumulator after retracting {@code input}.
   *
   * @throws UnsupportedOperationException the function cannot retract; names the field
   */
  @Nullable Object retract(@Nullable Object accumulator, @Nullable Object input);
}
