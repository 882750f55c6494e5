package dev.lakeops.table.lsm.aggregate;

import dev.lakeops.table.types.AtomicType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.jspecify.annotations.Nullable;

/**
 * Decimal arithmetic with Paimon's results ({@code Decimal}, {@code DecimalUtils}): a value that no
 * longer fits the column's precision becomes null, except for the sum of two compact decimals
 * (precision ≤ 18), which Paimon keeps as long as its unscaled value fits a long.
 */
final class Decimals {

  /** Paimon's {@code MAX_COMPACT_PRECISION}: decimals up to this precision are stored as longs. */
  static final int MAX_COMPACT_PRECISION = 18;

  private Decimals() {}

  /**
   * {@code a + b} as Paimon's {@code DecimalUtils.add}: compact decimals add their unscaled longs
   * with no precision check (so the result may exceed the column's precision); otherwise, or when
   * the longs overflow, the exact sum is {@linkplain #fit fitted} to the column.
   */
  static @Nullable BigDecimal add(BigDecimal a, BigDecimal b, AtomicType type) {
    if (type.precision() <= MAX_COMPACT_PRECISION) {
      try {
        long sum =
            Math.addExact(
                a.setScale(type.scale(), RoundingMode.UNNECESSARY).unscaledValue().longValueExact(),
                b.setScale(type.scale(), RoundingMode.UNNECESSARY)
                    .unscaledValue()
                    .longValueExact());
        return BigDecimal.valueOf(sum, type.scale());
      } catch (ArithmeticException overflow) {
        // falls back to the exact sum, which no longer fits
      }
    }
    return fit(a.add(b), type);
  }

  /**
   * {@code value} rounded half-up to the column's scale, or null when it then needs more digits
   * than the column's precision (Paimon's {@code Decimal.fromBigDecimal}).
   */
  static @Nullable BigDecimal fit(BigDecimal value, AtomicType type) {
    BigDecimal scaled = value.setScale(type.scale(), RoundingMode.HALF_UP);
    return scaled.precision() > type.precision() ? null : scaled;
  }
}
