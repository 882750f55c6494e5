package dev.lakeops.table.lsm.aggregate;

import dev.lakeops.table.types.AtomicType;
import org.jspecify.annotations.Nullable;

/**
 * {@code product} over a numeric column (Paimon's {@code FieldProductAgg}). Null inputs are
 * skipped; integers wrap on overflow. A retraction divides (integer division; a decimal quotient
 * must be exact, and a zero divisor fails, as in Paimon); a retraction into a null accumulator
 * leaves it null. A decimal product that exceeds the column's precision becomes null.
 */
final class ProductAgg implements FieldAggregator {

  private final AtomicType type;

  ProductAgg(AtomicType type) {
    this.type = type;
  }

  @Override
  public @Nullable Object agg(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null || input == null) {
      return accumulator == null ? input : accumulator;
    }
    return Numbers.apply(
        type,
        accumulator,
        input,
        (a, b) -> a * b,
        (a, b) -> a * b,
        (a, b) -> Decimals.fit(a.multiply(b), type),
        "product");
  }

  @Override
  public boolean supportsRetraction() {
    return true;
  }

  @Override
  public @Nullable Object retract(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null || input == null) {
      return accumulator;
    }
    return Numbers.apply(
        type,
        accumulator,
        input,
        (a, b) -> a / b,
        (a, b) -> a / b,
        (a, b) -> Decimals.fit(a.divide(b), type),
        "product");
  }
}
