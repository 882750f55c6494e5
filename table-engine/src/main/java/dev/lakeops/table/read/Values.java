package dev.lakeops.table.read;

import dev.lakeops.table.format.ValueOrder;
import java.math.BigDecimal;
import java.util.Arrays;

/** Compares values of one column, and literals of another numeric class against them. */
final class Values {

  private Values() {}

  /**
   * Paimon's natural order ({@link ValueOrder}); numbers of different classes compare by value (an
   * {@code INT} column against a {@code Long} literal).
   *
   * @throws IllegalArgumentException the values are not comparable (a string against a number)
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compare(Object a, Object b) {
    if (a instanceof String x && b instanceof String y) {
      return ValueOrder.compareCodePoints(x, y);
    }
    if (a instanceof byte[] x && b instanceof byte[] y) {
      return Arrays.compareUnsigned(x, y);
    }
    if (a instanceof Number x && b instanceof Number y && a.getClass() != b.getClass()) {
      if (isIntegral(x) && isIntegral(y)) {
        return Long.compare(x.longValue(), y.longValue());
      }
      return decimal(x).compareTo(decimal(y));
    }
    if (a.getClass() != b.getClass() || !(a instanceof Comparable)) {
      throw new IllegalArgumentException(
          "Cannot compare "
              + a.getClass().getSimpleName()
              + " "
              + a
              + " with "
              + b.getClass().getSimpleName()
              + " "
              + b);
    }
    return ((Comparable) a).compareTo(b);
  }

  static boolean equal(Object a, Object b) {
    return compare(a, b) == 0;
  }

  private static boolean isIntegral(Number n) {
    return n instanceof Byte || n instanceof Short || n instanceof Integer || n instanceof Long;
  }

  private static BigDecimal decimal(Number n) {
    return n instanceof BigDecimal d ? d : new BigDecimal(n.toString());
  }
}
