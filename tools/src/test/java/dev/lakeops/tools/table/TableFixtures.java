package dev.lakeops.tools.table;

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

/** Tables written by the engine for the table tool tests. */
final class TableFixtures {

  private TableFixtures() {}

  /**
   * {@code db.<name>}: an append table (no primary key) of orders (order_id BIGINT, amount INT).
   */
  static Table appendOrders(Path warehouse, String name) {
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
  static Table keyedOrders(Path warehouse, String name, Map<String, String> options) {
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
   * Commits {@code rows} as {@code user} with {@code identifier} through a plain commit (no replay
   * filter).
   */
  static void commit(Table table, String user, long identifier, List<Row> rows) {
    try (TableWrite write = table.newWrite(user)) {
      rows.forEach(write::write);
      table.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  /** Orders {@code from..to} (inclusive) with amount = id. */
  static List<Row> orders(long from, long to) {
    List<Row> rows = new ArrayList<>();
    for (long id = from; id <= to; id++) {
      rows.add(Row.of(id, (int) id));
    }
    return rows;
  }

  /** Keyed orders {@code from..to} in partition {@code dt}, amount = id + delta. */
  static List<Row> keyed(String dt, long from, long to, int delta) {
    List<Row> rows = new ArrayList<>();
    for (long id = from; id <= to; id++) {
      rows.add(Row.of(dt, id, (int) id + delta));
    }
    return rows;
  }
}
