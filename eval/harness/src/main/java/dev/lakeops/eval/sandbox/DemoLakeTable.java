package dev.lakeops.eval.sandbox;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The sandbox's lake table with a duplicate-write incident: {@code lake.payments}, an append table
 * written by the lake-writer job (commit user {@code orders-to-lake-1}) at five checkpoints; then
 * the job restarts without its state under a new commit user and replays the same checkpoints, so
 * every payment is in the table twice — the failover incident lakeops diagnoses and repairs.
 */
public final class DemoLakeTable {

  public static final String DATABASE = "lake";
  public static final String TABLE = "payments";
  public static final String KEY = "order_id";
  static final String FIRST_WRITER = "orders-to-lake-1";
  static final String RESTARTED_WRITER = "orders-to-lake-2";
  static final int CHECKPOINTS = 5;
  static final int ROWS_PER_CHECKPOINT = 20;

  private DemoLakeTable() {}

  /** {@code lake.payments} in {@code warehouse}, written, restarted without state and replayed. */
  public static Table createWithDuplicateWrite(Path warehouse) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists(DATABASE);
    Table table =
        catalog.createTable(
            Identifier.of(DATABASE, TABLE),
            TableDefinition.builder()
                .column(KEY, AtomicType.of(TypeRoot.BIGINT))
                .column("amount_cents", AtomicType.of(TypeRoot.INT))
                .option("file.format", "avro")
                .build());
    for (String writer : List.of(FIRST_WRITER, RESTARTED_WRITER)) {
      for (int checkpoint = 1; checkpoint <= CHECKPOINTS; checkpoint++) {
        try (TableWrite write = table.newWrite(writer)) {
          rows(checkpoint).forEach(write::write);
          table.newCommit().commit(write.prepareCommit(checkpoint));
        }
      }
    }
    return table;
  }

  /** {@code database.table}, as alerts name it. */
  public static String name() {
    return DATABASE + "." + TABLE;
  }

  private static List<Row> rows(int checkpoint) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < ROWS_PER_CHECKPOINT; i++) {
      long orderId = (long) (checkpoint - 1) * ROWS_PER_CHECKPOINT + i + 1;
      rows.add(Row.of(orderId, (int) (orderId * 7 % 10_000)));
    }
    return rows;
  }
}
