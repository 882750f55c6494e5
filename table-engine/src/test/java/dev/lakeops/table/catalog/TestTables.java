package dev.lakeops.table.catalog;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
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

  /**
   * The table after a schema change that only sets {@code options}: writes the next {@code
   * schema/schema-N} with the same fields and keys, as Paimon's {@code ALTER TABLE ... SET} does,
   * and loads the table again.
   */
  public static Table withOptions(Table table, Map<String, String> options) {
    TableSchema current = table.schema();
    Map<String, String> merged = new LinkedHashMap<>(current.options());
    merged.putAll(options);
    TableSchema next =
        new TableSchema(
            current.version(),
            current.id() + 1,
            current.fields(),
            current.highestFieldId(),
            current.partitionKeys(),
            current.primaryKeys(),
            merged,
            current.comment(),
            System.currentTimeMillis());
    table
        .io()
        .createExclusively(
            table.paths().schemaFile(next.id()),
            SchemaJson.toJson(next).getBytes(StandardCharsets.UTF_8));
    return Table.load(table.io(), table.paths().root());
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
