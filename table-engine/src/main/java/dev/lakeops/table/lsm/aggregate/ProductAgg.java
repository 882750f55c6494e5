package dev.lakeops.table.lsm.aggregate;

import dev.lakeops.table.types.AtomicType;
import java.math.BigDecimal;
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
    return switch (type.root()) {
      case TINYINT -> (byte) ((Byte) accumulator * (Byte) input);
      case SMALLINT -> (short) ((Short) accumulator * (Short) input);
      case INT -> (Integer) accumulator * (Integer) input;
      case BIGINT -> (Long) accumulator * (Long) input;
      case FLOAT -> (Float) accumulator * (Float) input;
      case DOUBLE -> (Double) accumulator * (Double) input;
      case DECIMAL -> Decimals.fit(((BigDecimal) accumulator).multiply((BigDecimal) input), type);
      default -> throw new IllegalStateException("product over " + type);
    };
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
    return switch (type.root()) {
      case TINYINT -> (byte) ((Byte) accumulator / (Byte) input);
      case SMALLINT -> (short) ((Short) accumulator / (Short) input);
      case INT -> (Integer) accumulator / (Integer) input;
      case BIGINT -> (Long) accumulator / (Long) input;
      case FLOAT -> (Float) accumulator / (Float) input;
      case DOUBLE -> (Double) accumulator / (Double) input;
      case DECIMAL -> Decimals.fit(((BigDecimal) accumulator).divide((BigDecimal) input), type);
      default -> throw new IllegalStateException("product over " + type);
    };
  }
}
