package dev.lakeops.table.format;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import java.util.Arrays;
import java.util.Comparator;

/**
 * Paimon's natural order of values, used for key sorting and min/max statistics (paimon-format.md
 * §22 rule 8): numbers, decimals, dates and times by value; FLOAT/DOUBLE as {@link Double#compare}
 * (-0.0 before 0.0, NaN last); strings by Unicode code point, which is the order of their UTF-8
 * bytes (not {@link String#compareTo}); binaries as unsigned bytes.
 */
public final class ValueOrder {

  private ValueOrder() {}

  /**
   * The order of non-null values of {@code type}.
   *
   * @throws IllegalArgumentException for ARRAY, MAP and ROW, which have no order
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static Comparator<Object> of(DataType type) {
    if (!(type instanceof AtomicType atomic)) {
      throw new IllegalArgumentException("No order for nested type " + type.asSql());
    }
    return switch (atomic.root()) {
      case CHAR, VARCHAR -> (a, b) -> compareCodePoints((String) a, (String) b);
      case BINARY, VARBINARY -> (a, b) -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
      default -> (a, b) -> ((Comparable) a).compareTo(b);
    };
  }

  /** Field-by-field order of rows of {@code type}; null sorts first. */
  public static Comparator<Row> rows(RowType type) {
    int arity = type.arity();
    Comparator<Object>[] fields = fieldOrders(type);
    return (a, b) -> {
      for (int i = 0; i < arity; i++) {
        Object x = a.get(i);
        Object y = b.get(i);
        if (x == null || y == null) {
          if (x != y) {
            return x == null ? -1 : 1;
          }
          continue;
        }
        int c = fields[i].compare(x, y);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
  }

  /** Compares by code point: equal to comparing the UTF-8 encodings as unsigned bytes. */
  public static int compareCodePoints(String a, String b) {
    if (a.equals(b)) {
      // readers hand out one String per dictionary entry; equal keys are common in merges
      return 0;
    }
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) {
        // UTF-16 order differs from code point order only between surrogates (supplementary
        // characters) and U+E000..U+FFFF: move the surrogates above that range.
        return codePointRank(x) - codePointRank(y);
      }
    }
    return a.length() - b.length();
  }

  private static int codePointRank(char c) {
    if (c < Character.MIN_SURROGATE) {
      return c;
    }
    return Character.isSurrogate(c) ? c + 0x2000 : c - 0x800;
  }

  @SuppressWarnings("unchecked")
  private static Comparator<Object>[] fieldOrders(RowType type) {
    Comparator<Object>[] orders = new Comparator[type.arity()];
    for (int i = 0; i < orders.length; i++) {
      orders[i] = of(type.typeAt(i));
    }
    return orders;
  }
}
