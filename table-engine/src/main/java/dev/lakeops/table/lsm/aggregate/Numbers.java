package dev.lakeops.table.lsm.aggregate;

import dev.lakeops.table.types.AtomicType;
import java.math.BigDecimal;
import java.util.function.BiFunction;
import java.util.function.DoubleBinaryOperator;
import java.util.function.LongBinaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * One arithmetic operation over two non-null values of a numeric column, as the numeric aggregators
 * ({@link SumAgg}, {@link ProductAgg}) apply it: integers are computed as longs and narrowed back
 * to the column's type, so they wrap on overflow as Java's arithmetic does; floats are computed as
 * doubles and rounded back, which gives the float operation's result for {@code + - * /}; decimals
 * use their own operation, which fits the result to the column.
 */
final class Numbers {

  private Numbers() {}

  /**
   * {@code a op b} in {@code type}; {@code function} names the aggregate function in the error for
   * a type that is not numeric.
   */
  static @Nullable Object apply(
      AtomicType type,
      Object a,
      Object b,
      LongBinaryOperator integers,
      DoubleBinaryOperator floats,
      BiFunction<BigDecimal, BigDecimal, @Nullable BigDecimal> decimals,
      String function) {
    return switch (type.root()) {
      case TINYINT -> (byte) integers.applyAsLong((Byte) a, (Byte) b);
      case SMALLINT -> (short) integers.applyAsLong((Short) a, (Short) b);
      case INT -> (int) integers.applyAsLong((Integer) a, (Integer) b);
      case BIGINT -> integers.applyAsLong((Long) a, (Long) b);
      case FLOAT -> (float) floats.applyAsDouble((Float) a, (Float) b);
      case DOUBLE -> floats.applyAsDouble((Double) a, (Double) b);
      case DECIMAL -> decimals.apply((BigDecimal) a, (BigDecimal) b);
      default -> throw new IllegalStateException(function + " over " + type);
    };
  }
}
