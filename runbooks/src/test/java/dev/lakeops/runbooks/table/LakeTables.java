package dev.lakeops.runbooks.table;

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
import java.util.Map;

/**
 * Tables the engine writes the way streaming writers do, for the table runbooks: each commit is a
 * checkpoint (commit user + identifier) committed through a plain commit, so replays are not
 * filtered.
 */
public final class LakeTables {

  private LakeTables() {}

  /** {@code db.<name>}: an append table of payments (order_id BIGINT, amount INT). */
  public static Table payments(Path warehouse, String name) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    return catalog.createTable(
        Identifier.of("db", name),
        TableDefinition.builder()
            .column("order_id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.of(TypeRoot.INT))
            .option("file.format", "avro")
            .build());
  }

  /**
   * {@code db.<name>}: a primary-key table (dt, id) partitioned by dt, one bucket, with extra
   * options.
   */
  public static Table orders(Path warehouse, String name, Map<String, String> options) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("amount", AtomicType.of(TypeRoot.INT))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "1")
            .option("file.format", "avro");
    options.forEach(b::option);
    return catalog.createTable(Identifier.of("db", name), b.build());
  }

  /**
   * A Flink job (commit user {@code job-a}) commits payments 1..10 at checkpoints 1..5, two per
   * checkpoint; then the job restarts without its state as {@code job-b} and replays the same rows
   * from checkpoint 1: snapshots 1..5 by job-a, 6..10 by job-b.
   */
  public static Table statelessRestart(Path warehouse, String name) {
    Table t = payments(warehouse, name);
    for (String user : List.of("job-a", "job-b")) {
      for (int checkpoint = 1; checkpoint <= 5; checkpoint++) {
        commit(t, user, checkpoint, payments(2 * checkpoint - 1, 2 * checkpoint));
      }
    }
    return t;
  }

  /** The same job without a restart: payments 1..10 at checkpoints 1..5 by job-a. */
  public static Table healthyPayments(Path warehouse, String name) {
    Table t = payments(warehouse, name);
    for (int checkpoint = 1; checkpoint <= 5; checkpoint++) {
      commit(t, "job-a", checkpoint, payments(2 * checkpoint - 1, 2 * checkpoint));
    }
    return t;
  }

  /** Commits {@code rows} as {@code user} at {@code identifier}. */
  public static void commit(Table table, String user, long identifier, List<Row> rows) {
    try (TableWrite write = table.newWrite(user)) {
      rows.forEach(write::write);
      table.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  /** Payments {@code from..to} with amount = order id. */
  public static List<Row> payments(long from, long to) {
    List<Row> rows = new ArrayList<>();
    for (long id = from; id <= to; id++) {
      rows.add(Row.of(id, (int) id));
    }
    return rows;
  }

  /** Orders {@code from..to} in partition {@code dt}, amount = id. */
  public static List<Row> orders(String dt, long from, long to) {
    List<Row> rows = new ArrayList<>();
    for (long id = from; id <= to; id++) {
      rows.add(Row.of(dt, id, (int) id));
    }
    return rows;
  }
}
