package dev.lakeops.table.compat;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;

/** Paimon's own reads of a table, as lakeops rows in a canonical order. */
final class PaimonReads {

  private PaimonReads() {}

  /** Rows Paimon reads with {@code options} (e.g. {@code scan.snapshot-id}), kinds kept, sorted. */
  static List<String> read(Table table, Map<String, String> options, RowType rowType)
      throws Exception {
    Table t = options.isEmpty() ? table : table.copy(options);
    ReadBuilder builder = t.newReadBuilder();
    List<Row> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(row -> rows.add(DataFileValues.fromPaimonWithKind(row, rowType)));
    }
    return canonical(rows);
  }

  /** Rows as strings ({@code +I[...]}) sorted, so that order does not matter and kinds do. */
  static List<String> canonical(List<Row> rows) {
    List<String> out = new ArrayList<>();
    for (Row r : rows) {
      out.add(r.toString());
    }
    out.sort(Comparator.naturalOrder());
    return out;
  }
}
