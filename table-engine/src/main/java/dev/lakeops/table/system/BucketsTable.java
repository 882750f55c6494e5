package dev.lakeops.table.system;

import static dev.lakeops.table.system.Columns.BIGINT;
import static dev.lakeops.table.system.Columns.INT;
import static dev.lakeops.table.system.Columns.STRING;
import static dev.lakeops.table.system.Columns.TIMESTAMP;

import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.RowType;
import java.util.List;

/**
 * {@code $buckets}: live files of the snapshot summed per (partition, bucket) (source: Paimon
 * {@code BucketsTable}).
 */
final class BucketsTable implements SystemTable {

  static final RowType ROW_TYPE =
      Columns.columns()
          .nullable("partition", STRING)
          .notNull("bucket", INT)
          .notNull("record_count", BIGINT)
          .notNull("file_size_in_bytes", BIGINT)
          .notNull("file_count", BIGINT)
          .nullable("last_update_time", TIMESTAMP)
          .build();

  @Override
  public String name() {
    return "buckets";
  }

  @Override
  public RowType rowType() {
    return ROW_TYPE;
  }

  @Override
  public List<Row> rows(SystemTableInput input) {
    return FileTotals.perBucket(input).stream().map(FileTotals::bucketRow).toList();
  }
}
