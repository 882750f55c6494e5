package dev.lakeops.table.lsm.aggregate;

import dev.lakeops.table.types.AtomicType;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * {@code sum} over a numeric column (Paimon's {@code FieldSumAgg}). Null inputs are skipped;
 * integers wrap on overflow as Java's arithmetic does. A retraction subtracts, and a retraction
 * into a null accumulator yields the negated input. Decimals follow {@link Decimals#add}.
 */
final class SumAgg implements FieldAggregator {

  private final AtomicType type;

  SumAgg(AtomicType type) {
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
        (a, b) -> a + b,
        (a, b) -> a + b,
        (a, b) -> Decimals.add(a, b, type),
        "sum");
  }

  @Override
  public boolean supportsRetraction() {
    return true;
  }

  @Override
  public @Nullable Object retract(@Nullable Object accumulator, @Nullable Object input) {
    if (accumulator == null || input == null) {
      return accumulator == null ? negate(input) : accumulator;
    }
    return Numbers.apply(
        type,
        accumulator,
        input,
        (a, b) -> a - b,
        (a, b) -> a - b,
        (a, b) -> Decimals.add(a, b.negate(), type),
        "sum");
  }

  private @Nullable Object negate(@Nullable Object value) {
    if (value == null) {
      return null;
    }
    return switch (type.root()) {
      case TINYINT -> (byte) -(Byte) value;
      case SMALLINT -> (short) -(Short) value;
      case INT -> -(Integer) value;
      case BIGINT -> -(Long) value;
      case FLOAT -> -(Float) value;
      case DOUBLE -> -(Double) value;
      case DECIMAL -> Decimals.fit(((BigDecimal) value).negate(), type);
      default -> throw new IllegalStateException("sum over " + type);
    };
  }
}
