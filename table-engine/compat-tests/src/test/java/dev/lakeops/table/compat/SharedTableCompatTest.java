package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.CommitResult;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.CompactionReport;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.Options;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * lakeops and Paimon 1.3.1 commit in turn to one primary-key table that lakeops created: each
 * engine's reads equal the expected rows after every commit; lakeops full-compacts Paimon's files,
 * Paimon writes on top of lakeops' level-5 files (its commit checks the LSM key ranges) and
 * full-compacts lakeops' files; finally, replaying lakeops' committed change sets after a simulated
 * restart commits nothing.
 */
class SharedTableCompatTest {

  private static final String LAKEOPS = "lakeops-writer";
  private static final String PAIMON = "paimon-writer";

  @TempDir Path warehouse;

  private final TreeMap<String, Row> expected = new TreeMap<>();
  private Table ours;
  private FileStoreTable theirs;
  private RowType rowType;

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void bothEnginesCommitAndCompactOneTableAndReadTheSameRows(String format) throws Exception {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabase("db");
    ours =
        catalog.createTable(
            Identifier.of("db", "t"),
            TableDefinition.builder()
                .column("dt", AtomicType.string())
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("name", AtomicType.string())
                .column("price", AtomicType.of(TypeRoot.DOUBLE))
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2")
                .option("file.format", format)
                .build());
    Options options = new Options();
    options.set("warehouse", warehouse.toUri().toString());
    theirs =
        (FileStoreTable)
            CatalogFactory.createCatalog(CatalogContext.create(options))
                .getTable(org.apache.paimon.catalog.Identifier.create("db", "t"));
    rowType = DataFileValues.fromPaimon(theirs.rowType());
    List<ChangeSet> committed = new ArrayList<>();

    List<Row> first = new ArrayList<>();
    for (int id = 1; id <= 20; id++) {
      first.add(Row.of(dt(id), id, "item-" + id, id * 1.5));
    }
    committed.add(lakeopsCommits(1, first));
    committed.add(
        lakeopsCommits(
            2,
            List.of(
                Row.of(dt(1), 1, "one", 1.0),
                Row.of(dt(2), 2, "two", 2.0),
                Row.ofKind(RowKind.DELETE, dt(6), 6, null, null),
                Row.ofKind(RowKind.DELETE, dt(7), 7, null, null))));

    paimonCommits(
        1,
        List.of(
            Row.of(dt(8), 8, "eight-by-paimon", 8.0),
            Row.ofKind(RowKind.DELETE, dt(11), 11, null, null),
            Row.of(dt(30), 30, "thirty", 30.0)),
        false);

    CompactionReport report = ours.compact(LAKEOPS, PartitionFilter.all(), CompactionMode.FULL);
    assertThat(report.snapshot().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(liveFiles()).allMatch(e -> e.level() == 5);
    assertSameRows("after lakeops full-compacted Paimon's files");

    paimonCommits(
        2,
        List.of(
            Row.of(dt(1), 1, "one-by-paimon", 1.25),
            Row.of(dt(31), 31, null, null),
            Row.ofKind(RowKind.DELETE, dt(12), 12, null, null)),
        true);
    assertThat(liveFiles()).allMatch(e -> e.level() == 5);

    committed.add(
        lakeopsCommits(
            3,
            List.of(
                Row.of(dt(40), 40, "forty", 40.0),
                Row.of(dt(2), 2, "two-again", 2.5),
                Row.ofKind(RowKind.DELETE, dt(31), 31, null, null))));
    paimonCommits(3, List.of(Row.of(dt(41), 41, "after-lakeops-L0", 41.0)), false);

    long snapshotsBefore = ours.latestSnapshot().orElseThrow().id();
    List<CommitResult> replayed = ours.newCommit().filterAndCommit(committed);
    assertThat(replayed).isEmpty();
    assertThat(ours.latestSnapshot().orElseThrow().id())
        .as("a replay after restart commits nothing")
        .isEqualTo(snapshotsBefore);
    assertSameRows("after replaying committed identifiers");
  }

  private static String dt(int id) {
    return id % 2 == 0 ? "2024-01-01" : "2024-01-02";
  }

  private ChangeSet lakeopsCommits(long identifier, List<Row> rows) throws Exception {
    ChangeSet changes;
    try (TableWrite write = ours.newWrite(LAKEOPS)) {
      rows.forEach(write::write);
      changes = write.prepareCommit(identifier);
    }
    ours.newCommit().commit(changes);
    apply(rows);
    assertSameRows("after lakeops commit " + identifier);
    return changes;
  }

  private void paimonCommits(long identifier, List<Row> rows, boolean fullCompact)
      throws Exception {
    try (TableWriteImpl<?> write =
            theirs
                .newWrite(PAIMON)
                .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
        TableCommitImpl commit = theirs.newCommit(PAIMON)) {
      for (Row row : rows) {
        write.write(DataFileValues.toPaimon(row, rowType));
      }
      if (fullCompact) {
        for (String dt : List.of("2024-01-01", "2024-01-02")) {
          for (int bucket = 0; bucket < 2; bucket++) {
            write.compact(PaimonWarehouse.partition(dt), bucket, true);
          }
        }
      }
      commit.commit(identifier, write.prepareCommit(fullCompact, identifier));
    }
    apply(rows);
    assertSameRows("after Paimon commit " + identifier);
  }

  private void apply(List<Row> rows) {
    for (Row row : rows) {
      String key = row.get(0) + "|" + row.get(1);
      if (row.kind().isAdd()) {
        expected.put(key, row.withKind(RowKind.INSERT));
      } else {
        expected.remove(key);
      }
    }
  }

  private List<ManifestEntry> liveFiles() {
    Snapshot latest = ours.latestSnapshot().orElseThrow();
    return ours.snapshotFiles().liveFiles(latest).files();
  }

  private void assertSameRows(String when) throws Exception {
    List<String> want = PaimonReads.canonical(new ArrayList<>(expected.values()));
    assertThat(PaimonReads.read(theirs, Map.of(), rowType))
        .as("Paimon reads, %s", when)
        .isEqualTo(want);
    assertThat(PaimonReads.canonical(ours.newRead().readAll(ours.newScan().plan())))
        .as("lakeops reads, %s", when)
        .isEqualTo(want);
  }
}
