package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Merge semantics that differ between Paimon releases, asserted per release: lakeops merges as 1.3
 * does whichever release wrote the table, and the randomized {@code MergeEngineCompatTest} leaves
 * the scenarios these cover to this test on the releases that differ.
 *
 * <ul>
 *   <li>A row that {@code partial-update.remove-record-on-delete} removes and a later record
 *       restarts ({@link PaimonVersion#restartedRowKeepsRemovedValues}): 1.2 and 1.3 restart it
 *       from its key with every nullable field null, 1.4 from every field of the {@code -D}.
 *   <li>{@code ignore-update-before} ({@link PaimonVersion#knowsIgnoreUpdateBefore}): 1.3 and 1.4
 *       drop {@code -U} records; 1.2 does not know the option and deletes the row on a {@code -U}.
 * </ul>
 */
class MergeSemanticsPerReleaseCompatTest {

  @TempDir Path warehouse;

  @Test
  void partialUpdateRestartsARemovedRowAsEachReleaseMerges() throws Exception {
    var paimonCatalog =
        createTables(
            Map.of(
                "merge-engine",
                "partial-update",
                "partial-update.remove-record-on-delete",
                "true"));
    FileStoreTable paimonTable =
        (FileStoreTable)
            paimonCatalog.getTable(org.apache.paimon.catalog.Identifier.create("db", "p"));
    FileStoreTable lakeopsTableSeenByPaimon =
        (FileStoreTable)
            paimonCatalog.getTable(org.apache.paimon.catalog.Identifier.create("db", "l"));
    Table lakeopsTable = Catalog.local(warehouse).loadTable(Identifier.of("db", "l"));
    RowType type = DataFileValues.fromPaimon(paimonTable.rowType());
    // one commit, so both writers merge the three records in their write buffer
    List<Row> batch =
        List.of(
            Row.of(1, "a", 10L),
            Row.ofKind(RowKind.DELETE, 1, "a", 10L),
            Row.of(1, null, 20L),
            Row.of(2, "b", 5L));
    try (TableWriteImpl<?> write =
            paimonTable
                .newWrite("paimon")
                .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
        TableCommitImpl commit = paimonTable.newCommit("paimon")) {
      for (Row row : batch) {
        write.write(DataFileValues.toPaimon(row, type));
      }
      commit.commit(1, write.prepareCommit(false, 1));
    }
    try (TableWrite write = lakeopsTable.newWrite("lakeops")) {
      batch.forEach(write::write);
      lakeopsTable.newCommit().commit(write.prepareCommit(1));
    }

    List<String> restartedFromNulls = List.of("+I[1, null, 20]", "+I[2, b, 5]");
    List<String> restartedFromTheDelete = List.of("+I[1, a, 20]", "+I[2, b, 5]");
    assertThat(PaimonReads.read(paimonTable, Map.of(), type))
        .as("Paimon %s merges its own writes", PaimonVersion.runtime())
        .isEqualTo(
            PaimonVersion.restartedRowKeepsRemovedValues()
                ? restartedFromTheDelete
                : restartedFromNulls);
    Table read = lakeopsTable.refresh();
    assertThat(PaimonReads.canonical(read.newRead().readAll(read.newScan().plan())))
        .as("lakeops merges as 1.3 does")
        .isEqualTo(restartedFromNulls);
    assertThat(PaimonReads.read(lakeopsTableSeenByPaimon, Map.of(), type))
        .as(
            "lakeops merged the key on write; Paimon %s reads the merged row",
            PaimonVersion.runtime())
        .isEqualTo(restartedFromNulls);
    paimonCatalog.close();
  }

  @Test
  void ignoreUpdateBeforeIsKnownFrom13() throws Exception {
    var paimonCatalog = createTables(Map.of("ignore-update-before", "true"));
    FileStoreTable paimonTable =
        (FileStoreTable)
            paimonCatalog.getTable(org.apache.paimon.catalog.Identifier.create("db", "p"));
    FileStoreTable lakeopsTableSeenByPaimon =
        (FileStoreTable)
            paimonCatalog.getTable(org.apache.paimon.catalog.Identifier.create("db", "l"));
    Table lakeopsTable = Catalog.local(warehouse).loadTable(Identifier.of("db", "l"));
    RowType type = DataFileValues.fromPaimon(paimonTable.rowType());
    List<List<Row>> batches =
        List.of(
            List.of(Row.of(1, "a", 10L), Row.of(2, "b", 5L)),
            List.of(Row.ofKind(RowKind.UPDATE_BEFORE, 1, "a", 10L), Row.of(2, "c", 6L)));
    try (TableWriteImpl<?> write =
            paimonTable
                .newWrite("paimon")
                .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
        TableCommitImpl commit = paimonTable.newCommit("paimon");
        TableWrite lakeopsWrite = lakeopsTable.newWrite("lakeops")) {
      long id = 1;
      for (List<Row> batch : batches) {
        for (Row row : batch) {
          write.write(DataFileValues.toPaimon(row, type));
          lakeopsWrite.write(row);
        }
        commit.commit(id, write.prepareCommit(false, id));
        lakeopsTable.newCommit().commit(lakeopsWrite.prepareCommit(id));
        id++;
      }
    }

    List<String> updateBeforeDropped = List.of("+I[1, a, 10]", "+I[2, c, 6]");
    assertThat(PaimonReads.read(paimonTable, Map.of(), type))
        .as("Paimon %s merges its own writes", PaimonVersion.runtime())
        .isEqualTo(
            PaimonVersion.knowsIgnoreUpdateBefore() ? updateBeforeDropped : List.of("+I[2, c, 6]"));
    Table read = lakeopsTable.refresh();
    assertThat(PaimonReads.canonical(read.newRead().readAll(read.newScan().plan())))
        .as("lakeops drops -U as 1.3 does")
        .isEqualTo(updateBeforeDropped);
    assertThat(PaimonReads.read(lakeopsTableSeenByPaimon, Map.of(), type))
        .as("lakeops wrote no -U; Paimon %s reads what it wrote", PaimonVersion.runtime())
        .isEqualTo(updateBeforeDropped);
    paimonCatalog.close();
  }

  /** Creates tables {@code p} (Paimon writes it) and {@code l} (lakeops writes it) in Paimon. */
  private org.apache.paimon.catalog.Catalog createTables(Map<String, String> options)
      throws Exception {
    Options catalogOptions = new Options();
    catalogOptions.set("warehouse", warehouse.toUri().toString());
    var paimonCatalog = CatalogFactory.createCatalog(CatalogContext.create(catalogOptions));
    paimonCatalog.createDatabase("db", true);
    for (String name : List.of("p", "l")) {
      paimonCatalog.createTable(
          org.apache.paimon.catalog.Identifier.create("db", name),
          Schema.newBuilder()
              .column("id", DataTypes.INT())
              .column("name", DataTypes.STRING())
              .column("total", DataTypes.BIGINT())
              .primaryKey("id")
              .option("bucket", "1")
              .option("file.format", "avro")
              .options(options)
              .build(),
          false);
    }
    return paimonCatalog;
  }
}
