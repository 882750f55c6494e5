package dev.lakeops.runbooks.action;

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
import java.util.Comparator;
import java.util.List;

/**
 * Tables written by the table engine for action tests: {@code db.orders}, primary key (dt, id),
 * partitioned by dt.
 */
public final class TestTables {

  public static final String USER = "test-writer";

  private TestTables() {}

  /** db.orders with {@code commits} commits of two rows each (ids 2k-1 and 2k, day alternating). */
  public static Table orders(Path warehouse, int commits) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("dt", AtomicType.string())
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("name", AtomicType.string())
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2")
                .option("file.format", "avro")
                .build());
    for (int i = 1; i <= commits; i++) {
      commit(
          t,
          i,
          List.of(
              Row.of(day(i), 2 * i - 1, "row" + (2 * i - 1)),
              Row.of(day(i), 2 * i, "row" + (2 * i))));
    }
    return t;
  }

  public static String day(int i) {
    return i % 2 == 0 ? "2024-01-02" : "2024-01-01";
  }

  public static void commit(Table table, long identifier, List<Row> rows) {
    try (TableWrite write = table.newWrite(USER)) {
      rows.forEach(write::write);
      table.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  /** Rows of the latest snapshot, as text, sorted. */
  public static List<String> rows(Table table) {
    return sorted(table.newRead().readAll(table.newScan().plan()));
  }

  /** Rows of tag {@code tag}, as text, sorted. */
  public static List<String> rowsOfTag(Table table, String tag) {
    return sorted(table.newRead().readAll(table.newScan().withTag(tag).plan()));
  }

  private static List<String> sorted(List<Row> rows) {
    List<String> out = new ArrayList<>();
    rows.forEach(r -> out.add(r.toString()));
    out.sort(Comparator.naturalOrder());
    return out;
  }
}
