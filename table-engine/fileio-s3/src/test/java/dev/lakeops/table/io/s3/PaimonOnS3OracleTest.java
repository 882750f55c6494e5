package dev.lakeops.table.io.s3;

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
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Apache Paimon (with its S3 file system) and lakeops on the same bucket of a real S3Proxy: Paimon
 * reads the primary-key table lakeops wrote, and lakeops the one Paimon wrote, with identical rows
 * at every snapshot.
 */
@ExtendWith(S3ProxyServer.class)
class PaimonOnS3OracleTest {

  private static org.apache.paimon.catalog.Catalog paimon(String warehouse) {
    Map<String, String> s3 = S3ProxyServer.get().options();
    Options o = new Options();
    o.set("warehouse", warehouse);
    o.set("s3.endpoint", s3.get(S3Settings.ENDPOINT));
    o.set("s3.access-key", s3.get(S3Settings.ACCESS_KEY));
    o.set("s3.secret-key", s3.get(S3Settings.SECRET_KEY));
    o.set("s3.path.style.access", "true");
    return CatalogFactory.createCatalog(CatalogContext.create(o));
  }

  /** Paimon's rows of {@code db.name} at {@code snapshot}, as text, sorted. */
  private static List<String> paimonRows(String warehouse, String name, long snapshot)
      throws Exception {
    org.apache.paimon.table.Table t =
        paimon(warehouse)
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
  void paimonReadsWhatLakeopsWroteOnS3AtEverySnapshot() throws Exception {
    String warehouse = "s3://" + S3ProxyServer.get().newBucket() + "/wh";
    Catalog catalog = Catalog.open(warehouse, S3ProxyServer.get().options());
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
  void lakeopsReadsWhatPaimonWroteOnS3AtEverySnapshot() throws Exception {
    String warehouse = "s3://" + S3ProxyServer.get().newBucket() + "/wh";
    org.apache.paimon.catalog.Catalog p = paimon(warehouse);
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

    Table table =
        Catalog.open(warehouse, S3ProxyServer.get().options())
            .loadTable(Identifier.of("db", "orders"));
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
