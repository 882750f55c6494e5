package dev.lakeops.table.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.data.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * Apache Paimon and lakeops on the same warehouse of a store: Paimon reads the primary-key table
 * lakeops wrote, and lakeops the one Paimon wrote, with identical rows at every snapshot. Each
 * store's module runs it on its real server (S3Proxy, MiniDFSCluster) with Paimon's own file system
 * for that scheme.
 */
public abstract class PaimonOracleOnStoreTest {

  /** A warehouse URI no other test uses, on the store. */
  protected abstract String newWarehouse();

  /** lakeops' options for the store. */
  protected abstract Map<String, String> storeOptions();

  /** Paimon's catalog options for the store, beside {@code warehouse}. */
  protected abstract Map<String, String> paimonOptions();

  private org.apache.paimon.catalog.Catalog paimonCatalog(String warehouse) {
    Options o = new Options();
    o.set("warehouse", warehouse);
    paimonOptions().forEach(o::set);
    return CatalogFactory.createCatalog(CatalogContext.create(o));
  }

  /** Paimon's rows of {@code db.name} at {@code snapshot}, as text, sorted. */
  private List<String> paimonRows(String warehouse, String name, long snapshot) throws Exception {
    org.apache.paimon.table.Table t =
        paimonCatalog(warehouse)
            .getTable(org.apache.paimon.catalog.Identifier.create("db", name))
            .copy(Map.of("scan.snapshot-id", Long.toString(snapshot)));
    ReadBuilder rb = t.newReadBuilder();
    List<String> rows = new ArrayList<>();
    try (RecordReader<InternalRow> reader = rb.newRead().createReader(rb.newScan().plan())) {
      reader.forEachRemaining(
          r ->
              rows.add(
                  r.getString(0)
                      + "|"
                      + r.getInt(1)
                      + "|"
                      + (r.isNullAt(2) ? "null" : r.getString(2))
                      + "|"
                      + (r.isNullAt(3) ? "null" : r.getDouble(3))));
    }
    return new ArrayList<>(new TreeSet<>(rows));
  }

  /** lakeops' rows of {@code table} at {@code snapshot}, as text, sorted. */
  private static List<String> lakeopsRows(Table table, long snapshot) {
    List<String> rows = new ArrayList<>();
    for (Row r : table.newRead().readAll(table.newScan().withSnapshot(snapshot).plan())) {
      rows.add(r.get(0) + "|" + r.get(1) + "|" + r.get(2) + "|" + r.get(3));
    }
    return new ArrayList<>(new TreeSet<>(rows));
  }

  @Test
  void paimonReadsWhatLakeopsWroteAtEverySnapshot() throws Exception {
    String warehouse = newWarehouse();
    Catalog catalog = Catalog.open(warehouse, storeOptions());
    catalog.createDatabase("db");
    Table table = TestTables.orders(catalog, "orders", Map.of());
    TestTables.commit(
        table,
        1,
        List.of(
            Row.of("2024-01-01", 1, "apple", 1.5),
            Row.of("2024-01-01", 2, "pear", 2.0),
            Row.of("2024-01-02", 3, "fig", null)));
    TestTables.commit(
        table,
        2,
        List.of(
            Row.of("2024-01-01", 1, "apple, green", 1.75), Row.of("2024-01-02", 4, "kiwi", 4.0)));
    TestTables.commit(table, 3, List.of(Row.of("2024-01-01", 2, "pear", 2.5)));

    table = table.refresh();
    for (long id = 1; id <= 3; id++) {
      assertThat(paimonRows(warehouse, "orders", id))
          .as("snapshot %s", id)
          .isNotEmpty()
          .containsExactlyElementsOf(lakeopsRows(table, id));
    }
    assertThat(paimonRows(warehouse, "orders", 3))
        .containsExactly(
            "2024-01-01|1|apple, green|1.75",
            "2024-01-01|2|pear|2.5",
            "2024-01-02|3|fig|null",
            "2024-01-02|4|kiwi|4.0");
  }

  @Test
  void lakeopsReadsWhatPaimonWroteAtEverySnapshot() throws Exception {
    String warehouse = newWarehouse();
    org.apache.paimon.catalog.Catalog p = paimonCatalog(warehouse);
    p.createDatabase("db", true);
    org.apache.paimon.catalog.Identifier id =
        org.apache.paimon.catalog.Identifier.create("db", "orders");
    p.createTable(
        id,
        Schema.newBuilder()
            .column("dt", DataTypes.STRING().notNull())
            .column("id", DataTypes.INT().notNull())
            .column("name", DataTypes.STRING())
            .column("price", DataTypes.DOUBLE())
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("bucket", "2")
            .build(),
        false);
    List<List<GenericRow>> commits =
        List.of(
            List.of(row("2024-01-01", 1, "apple", 1.5), row("2024-01-02", 2, "fig", null)),
            List.of(row("2024-01-01", 1, "apple, red", 1.25), row("2024-01-03", 3, "kiwi", 3.0)));
    for (List<GenericRow> rows : commits) {
      BatchWriteBuilder wb = p.getTable(id).newBatchWriteBuilder();
      try (BatchTableWrite w = wb.newWrite();
          BatchTableCommit c = wb.newCommit()) {
        for (GenericRow r : rows) {
          w.write(r);
        }
        c.commit(w.prepareCommit());
      }
    }

    Table table = Catalog.open(warehouse, storeOptions()).loadTable(Identifier.of("db", "orders"));
    assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(2);
    for (long snapshot = 1; snapshot <= 2; snapshot++) {
      assertThat(lakeopsRows(table, snapshot))
          .as("snapshot %s", snapshot)
          .containsExactlyElementsOf(paimonRows(warehouse, "orders", snapshot));
    }
    assertThat(lakeopsRows(table, 2))
        .containsExactly(
            "2024-01-01|1|apple, red|1.25", "2024-01-02|2|fig|null", "2024-01-03|3|kiwi|3.0");
  }

  private static GenericRow row(String dt, int id, String name, Double price) {
    return GenericRow.of(
        BinaryString.fromString(dt),
        id,
        name == null ? null : BinaryString.fromString(name),
        price);
  }
}
