package dev.lakeops.cli;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.maintenance.Tags;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.List;

/**
 * A warehouse written by lakeops for CLI tests: {@code db.orders} (primary key (dt, id),
 * partitioned by dt, 2 buckets) with two commits and tag {@code first} on snapshot 1, and an empty
 * {@code db.empty}.
 */
public final class CliTables {

  public static final String USER = "cli-test";

  private CliTables() {}

  public static Path warehouse(Path dir) {
    write(Catalog.local(dir));
    return dir;
  }

  /** Writes the tables into {@code catalog}'s warehouse, wherever it is. */
  public static void write(Catalog catalog) {
    catalog.createDatabase("db");
    Table orders =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("dt", AtomicType.string())
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("name", AtomicType.string())
                .column("price", AtomicType.of(TypeRoot.DOUBLE))
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2")
                .option("file.format", "avro")
                .comment("orders by day")
                .build());
    commit(
        orders,
        1,
        List.of(
            Row.of("2024-01-01", 1, "apple", 1.5),
            Row.of("2024-01-01", 2, "pear", 2.0),
            Row.of("2024-01-02", 3, "fig", 3.25)));
    commit(
        orders,
        2,
        List.of(
            Row.of("2024-01-01", 1, "apple, green", 1.75), Row.of("2024-01-02", 4, "kiwi", null)));
    new Tags(orders.io(), orders.paths()).createTag("first", 1);
    catalog.createTable(
        Identifier.of("db", "empty"),
        TableDefinition.builder().column("id", AtomicType.of(TypeRoot.BIGINT)).build());
  }

  private static void commit(Table table, long identifier, List<Row> rows) {
    try (TableWrite write = table.newWrite(USER)) {
      rows.forEach(write::write);
      table.newCommit().commit(write.prepareCommit(identifier));
    }
  }
}
