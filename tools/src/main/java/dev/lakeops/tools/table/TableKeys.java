package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.paths.PartitionPaths;
import dev.lakeops.table.types.RowType;
import java.util.Base64;
import java.util.List;

/** How the table probes name a key and a partition: one way for all of them. */
final class TableKeys {

  /** Joins a key's values; the unit separator does not occur in the values people key by. */
  static final char SEPARATOR = '\u001f';

  private TableKeys() {}

  /**
   * The values at {@code at}, joined by {@link #SEPARATOR} (bytes as Base64): names are added only
   * when a key is shown ({@link #render}).
   */
  static String key(Row row, int[] at) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < at.length; i++) {
      if (i > 0) {
        s.append(SEPARATOR);
      }
      Object v = row.get(at[i]);
      s.append(v instanceof byte[] b ? Base64.getEncoder().encodeToString(b) : v);
    }
    return s.toString();
  }

  /** A {@link #key} as {@code col=value,col=value}. */
  static String render(List<String> columns, String key) {
    String[] values = key.split(String.valueOf(SEPARATOR), -1);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < columns.size(); i++) {
      if (i > 0) {
        s.append(',');
      }
      s.append(columns.get(i)).append('=').append(i < values.length ? values[i] : "");
    }
    return s.toString();
  }

  /**
   * The partition's directory name as the table writes it ({@code dt=2024-01-01}); ""
   * unpartitioned.
   */
  static String partitionPath(Table table, RowType type, BinaryRow partition) {
    if (type.arity() == 0) {
      return "";
    }
    return PartitionPaths.partitionPath(
        type,
        BinaryRowCodec.decode(type, partition),
        table.options().partitionDefaultName(),
        table.options().partitionLegacyName());
  }
}
