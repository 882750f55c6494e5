package dev.lakeops.table.write;

import dev.lakeops.table.data.Row;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * A rough count of the heap bytes a buffered row holds, to bound the write buffer by {@code
 * write-buffer-size}. Errs high rather than low: object headers, boxed numbers, and two bytes per
 * string character.
 */
final class RowSizeEstimator {

  private static final int OBJECT = 16;
  private static final int REFERENCE = 8;

  private RowSizeEstimator() {}

  static long estimate(Row row) {
    long size = OBJECT + OBJECT + (long) REFERENCE * row.arity();
    for (int i = 0; i < row.arity(); i++) {
      size += value(row.get(i));
    }
    return size;
  }

  private static long value(Object v) {
    if (v == null) {
      return 0;
    }
    if (v instanceof String s) {
      return 40 + 2L * s.length();
    }
    if (v instanceof byte[] b) {
      return OBJECT + b.length;
    }
    if (v instanceof BigDecimal) {
      return 72;
    }
    if (v instanceof Row r) {
      return estimate(r);
    }
    if (v instanceof List<?> list) {
      long size = OBJECT + 24 + (long) REFERENCE * list.size();
      for (Object e : list) {
        size += value(e);
      }
      return size;
    }
    if (v instanceof Map<?, ?> map) {
      long size = OBJECT + 48 + 32L * map.size();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        size += value(e.getKey()) + value(e.getValue());
      }
      return size;
    }
    return 24;
  }
}
