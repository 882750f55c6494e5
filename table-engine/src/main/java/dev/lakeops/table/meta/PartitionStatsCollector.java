package dev.lakeops.table.meta;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.RowType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Column-wise min, max and null count over rows of one type, as Paimon's full-mode {@code
 * SimpleStatsCollector} computes them for a manifest's partition statistics: values compare in
 * their natural order, strings as unsigned UTF-8 bytes; BINARY/VARBINARY columns get no min/max.
 * Not thread-safe.
 */
public final class PartitionStatsCollector {

  private final RowType type;
  private final Object[] min;
  private final Object[] max;
  private final long[] nullCounts;

  public PartitionStatsCollector(RowType type) {
    this.type = type;
    this.min = new Object[type.arity()];
    this.max = new Object[type.arity()];
    this.nullCounts = new long[type.arity()];
  }

  public void collect(Row row) {
    if (row.arity() != type.arity()) {
      throw new IllegalArgumentException(
          "Invalid row for " + type.fieldNames() + ": " + row.arity() + " values");
    }
    for (int i = 0; i < min.length; i++) {
      Object value = row.get(i);
      if (value == null) {
        nullCounts[i]++;
      } else if (!(value instanceof byte[])) {
        if (min[i] == null || compare(value, min[i]) < 0) {
          min[i] = value;
        }
        if (max[i] == null || compare(value, max[i]) > 0) {
          max[i] = value;
        }
      }
    }
  }

  public SimpleStats result() {
    List<Long> counts = new ArrayList<>(nullCounts.length);
    Arrays.stream(nullCounts).forEach(counts::add);
    return new SimpleStats(
        BinaryRowCodec.encode(type, Row.of(min)), BinaryRowCodec.encode(type, Row.of(max)), counts);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compare(Object a, Object b) {
    if (a instanceof String sa && b instanceof String sb) {
      return Arrays.compareUnsigned(
          sa.getBytes(StandardCharsets.UTF_8), sb.getBytes(StandardCharsets.UTF_8));
    }
    return ((Comparable) a).compareTo(b);
  }
}
