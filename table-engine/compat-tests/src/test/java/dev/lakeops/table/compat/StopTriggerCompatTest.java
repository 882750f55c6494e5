package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.lsm.KeyOrder;
import dev.lakeops.table.lsm.LevelFiles;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
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
 * A backlog of sorted runs across the engines, against Paimon 1.3.1: a Paimon job with {@code
 * write-only} leaves a bucket with many more level-0 runs than {@code num-sorted-run.stop-trigger};
 * the next lakeops writer compacts the backlog (before its flush, as the stop trigger asks) and its
 * commit leaves no more runs than the trigger; Paimon reads the same rows. The stall itself, flush
 * by flush, is checked in {@code StopTriggerTest}.
 */
class StopTriggerCompatTest {

  private static final int STOP = 4;

  @TempDir Path warehouse;

  @Test
  void lakeopsBringsAPaimonWriteOnlyBacklogBelowTheStopTrigger() throws Exception {
    Options options = new Options();
    options.set("warehouse", warehouse.toUri().toString());
    org.apache.paimon.catalog.Catalog catalog =
        CatalogFactory.createCatalog(CatalogContext.create(options));
    catalog.createDatabase("db", true);
    catalog.createTable(
        org.apache.paimon.catalog.Identifier.create("db", "t"),
        Schema.newBuilder()
            .column("id", DataTypes.INT().notNull())
            .column("v", DataTypes.STRING())
            .primaryKey("id")
            .option("bucket", "1")
            .option("file.format", "parquet")
            .option("num-sorted-run.compaction-trigger", "3")
            .option("num-sorted-run.stop-trigger", String.valueOf(STOP))
            .build(),
        false);
    FileStoreTable paimon =
        (FileStoreTable) catalog.getTable(org.apache.paimon.catalog.Identifier.create("db", "t"));
    FileStoreTable writeOnly = paimon.copy(Map.of("write-only", "true"));
    Map<Integer, String> model = new TreeMap<>();
    for (int c = 1; c <= 10; c++) {
      try (TableWriteImpl<?> write =
              writeOnly
                  .newWrite("paimon-job")
                  .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
          TableCommitImpl commit = writeOnly.newCommit("paimon-job")) {
        for (int id = c; id < c + 5; id++) {
          write.write(GenericRow.of(id, BinaryString.fromString("paimon-" + c)));
          model.put(id, "paimon-" + c);
        }
        commit.commit(c, write.prepareCommit(false, c));
      }
    }
    Table ours = Catalog.local(warehouse).loadTable(Identifier.of("db", "t"));
    assertThat(sortedRuns(ours)).as("Paimon's write-only job").isEqualTo(10);

    CommitResult result;
    try (TableWrite write = ours.newWrite("lakeops-writer")) {
      write.write(Row.of(3, "lakeops"));
      model.put(3, "lakeops");
      result = ours.newCommit().commit(write.prepareCommit(1));
    }

    assertThat(result.snapshots())
        .extracting(Snapshot::commitKind)
        .containsExactly(CommitKind.APPEND, CommitKind.COMPACT);
    assertThat(sortedRuns(ours)).isLessThanOrEqualTo(STOP);
    RowType rowType = DataFileValues.fromPaimon(paimon.rowType());
    List<Row> want = new ArrayList<>();
    model.forEach((id, v) -> want.add(Row.of(id, v)));
    assertThat(PaimonReads.read(paimon, Map.of(), rowType))
        .as("Paimon reads")
        .isEqualTo(PaimonReads.canonical(want));
    assertThat(PaimonReads.canonical(ours.newRead().readAll(ours.newScan().plan())))
        .as("lakeops reads")
        .isEqualTo(PaimonReads.canonical(want));
  }

  private static int sortedRuns(Table t) {
    List<ManifestEntry> files =
        t.snapshotFiles().liveFiles(t.latestSnapshot().orElseThrow()).files();
    return LevelFiles.of(
            new KeyOrder(t.schema().trimmedPrimaryKeyType()),
            t.options().numLevels(),
            files.stream().map(ManifestEntry::file).toList())
        .numberOfSortedRuns();
  }
}
