package dev.lakeops.table.catalog;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Tables for engine tests: a local warehouse with database {@code db}, and write-and-commit
 * helpers.
 */
public final class TestTables {

  public static final String USER = "test-writer";

  private TestTables() {}

  public static Catalog warehouse(Path dir) {
    Catalog catalog = Catalog.local(dir);
    catalog.createDatabaseIfNotExists("db");
    return catalog;
  }

  /**
   * {@code dt STRING, id INT, name STRING, price DOUBLE}, partitioned by dt, primary key (dt, id).
   */
  public static Table orders(Catalog catalog, String name, Map<String, String> options) {
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("id", AtomicType.of(TypeRoot.INT))
            .column("name", AtomicType.string())
            .column("price", AtomicType.of(TypeRoot.DOUBLE))
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .option("file.format", "avro");
    b.options(options);
    return catalog.createTable(Identifier.of("db", name), b.build());
  }

  /** {@code id BIGINT, msg STRING}, no primary key, bucket-unaware. */
  public static Table log(Catalog catalog, String name, Map<String, String> options) {
    return catalog.createTable(
        Identifier.of("db", name),
        TableDefinition.builder()
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("msg", AtomicType.string())
            .option("file.format", "avro")
            .options(options)
            .build());
  }

  /**
   * Writes {@code rows} with a fresh writer and commits them as {@code identifier}; returns the
   * last snapshot.
   */
  public static Snapshot commit(Table table, long identifier, List<Row> rows) {
    try (TableWrite write = table.newWrite(USER)) {
      rows.forEach(write::write);
      ChangeSet changes = write.prepareCommit(identifier);
      CommitResult result = table.newCommit().commit(changes);
      return result.lastSnapshot().orElseThrow();
    }
  }

  public static List<Row> readAll(Table table) {
    return sorted(table.newRead().readAll(table.newScan().plan()));
  }

  /** Rows sorted by their string form, for order-insensitive comparison. */
  public static List<Row> sorted(List<Row> rows) {
    List<Row> copy = new ArrayList<>(rows);
    copy.sort(Comparator.comparing(Row::toString));
    return copy;
  }

  public static Row order(String dt, int id, String name, Double price) {
    return Row.of(dt, id, name, price);
  }
}
