package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.BinaryRow;
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
 * Seeded random upsert/delete batches applied by lakeops to its table and by Paimon 1.3.1 to its
 * own, in two warehouses, with a tiny write buffer (lakeops spills) and a low sorted-run trigger
 * (both compact) and a full compaction every few commits; after each commit lakeops' table reads
 * the same rows with lakeops and with Paimon as Paimon's table does with Paimon.
 */
class DifferentialCompatTest {

  private static final long SEED = 20240101L;
  private static final Map<String, String> OPTIONS =
      Map.of(
          "bucket",
          "2",
          "file.format",
          "avro",
          "write-buffer-size",
          "4 kb",
          "page-size",
          "1 kb",
          "num-sorted-run.compaction-trigger",
          "3");

  @TempDir Path dir;

  @Test
  void randomUpsertsAndDeletesLeaveBothEnginesWithTheSameRows() throws Exception {
    Catalog catalog = Catalog.local(dir.resolve("lakeops"));
    catalog.createDatabase("db");
    TableDefinition.Builder definition =
        TableDefinition.builder()
            .column("id", AtomicType.of(TypeRoot.INT))
            .column("v", AtomicType.string())
            .column("n", AtomicType.of(TypeRoot.BIGINT))
            .primaryKey("id");
    OPTIONS.forEach(definition::option);
    Table ours = catalog.createTable(Identifier.of("db", "t"), definition.build());
    FileStoreTable oursSeenByPaimon = paimonCatalogTable(dir.resolve("lakeops"));

    Schema.Builder schema =
        Schema.newBuilder()
            .column("id", DataTypes.INT())
            .column("v", DataTypes.STRING())
            .column("n", DataTypes.BIGINT())
            .primaryKey("id");
    OPTIONS.forEach(schema::option);
    Options options = new Options();
    options.set("warehouse", dir.resolve("paimon").toUri().toString());
    var paimonCatalog = CatalogFactory.createCatalog(CatalogContext.create(options));
    paimonCatalog.createDatabase("db", true);
    paimonCatalog.createTable(
        org.apache.paimon.catalog.Identifier.create("db", "t"), schema.build(), false);
    FileStoreTable theirs =
        (FileStoreTable)
            paimonCatalog.getTable(org.apache.paimon.catalog.Identifier.create("db", "t"));
    RowType rowType = DataFileValues.fromPaimon(theirs.rowType());

    Random random = new Random(SEED);
    try (TableWriteImpl<?> paimonWrite =
            theirs
                .newWrite("paimon")
                .withIOManager(IOManager.create(dir.resolve("io").toString()));
        TableCommitImpl paimonCommit = theirs.newCommit("paimon");
        TableWrite write = ours.newWrite("lakeops").withSpillDirectory(dir.resolve("spill"))) {
      for (long commit = 1; commit <= 12; commit++) {
        List<Row> batch = new ArrayList<>();
        int size = 20 + random.nextInt(200);
        for (int i = 0; i < size; i++) {
          int id = random.nextInt(150);
          batch.add(
              random.nextInt(5) == 0
                  ? Row.ofKind(RowKind.DELETE, id, null, null)
                  : Row.of(
                      id,
                      random.nextInt(4) == 0
                          ? null
                          : "v" + commit + "-" + i + "-".repeat(random.nextInt(30)),
                      random.nextLong()));
        }
        for (Row row : batch) {
          write.write(row);
          paimonWrite.write(DataFileValues.toPaimon(row, rowType));
        }
        boolean full = commit % 4 == 0;
        if (full) {
          for (int bucket = 0; bucket < 2; bucket++) {
            write.fullCompact(dev.lakeops.table.meta.BinaryRow.EMPTY, bucket);
            paimonWrite.compact(BinaryRow.EMPTY_ROW, bucket, true);
          }
        }
        ours.newCommit().commit(write.prepareCommit(commit));
        paimonCommit.commit(commit, paimonWrite.prepareCommit(full, commit));

        List<String> expected = PaimonReads.read(theirs, Map.of(), rowType);
        assertThat(PaimonReads.canonical(ours.newRead().readAll(ours.newScan().plan())))
            .as("lakeops reads its table after commit %s (seed %s)", commit, SEED)
            .isEqualTo(expected);
        assertThat(PaimonReads.read(oursSeenByPaimon, Map.of(), rowType))
            .as("Paimon reads lakeops' table after commit %s (seed %s)", commit, SEED)
            .isEqualTo(expected);
      }
    }
    ours.compact("lakeops", PartitionFilter.all(), CompactionMode.FULL);
    assertThat(PaimonReads.read(oursSeenByPaimon, Map.of(), rowType))
        .isEqualTo(PaimonReads.read(theirs, Map.of(), rowType));
  }

  @Test
  void paimonReadsAnAppendTableLakeopsWrote() throws Exception {
    Catalog catalog = Catalog.local(dir.resolve("lakeops"));
    catalog.createDatabase("db");
    Table ours =
        catalog.createTable(
            Identifier.of("db", "log"),
            TableDefinition.builder()
                .column("dt", AtomicType.string())
                .column("id", AtomicType.of(TypeRoot.BIGINT))
                .column("msg", AtomicType.string())
                .partitionKeys("dt")
                .option("file.format", "parquet")
                .build());
    List<Row> rows = new ArrayList<>();
    for (long i = 0; i < 50; i++) {
      rows.add(Row.of(i % 3 == 0 ? null : "d" + (i % 2), i, "m" + i));
    }
    try (TableWrite write = ours.newWrite("lakeops")) {
      rows.forEach(write::write);
      ours.newCommit().commit(write.prepareCommit(1));
    }
    FileStoreTable theirs = paimonCatalogTable(dir.resolve("lakeops"), "log");
    assertThat(PaimonReads.read(theirs, Map.of(), DataFileValues.fromPaimon(theirs.rowType())))
        .isEqualTo(PaimonReads.canonical(rows));
  }

  private static FileStoreTable paimonCatalogTable(Path warehouse) throws Exception {
    return paimonCatalogTable(warehouse, "t");
  }

  private static FileStoreTable paimonCatalogTable(Path warehouse, String name) throws Exception {
    Options options = new Options();
    options.set("warehouse", warehouse.toUri().toString());
    return (FileStoreTable)
        CatalogFactory.createCatalog(CatalogContext.create(options))
            .getTable(org.apache.paimon.catalog.Identifier.create("db", name));
  }
}
