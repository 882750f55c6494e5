package dev.lakeops.table.compat;

import static dev.lakeops.table.compat.AggregationTables.lakeopsRead;
import static dev.lakeops.table.compat.AggregationTables.paimonRead;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code aggregation} merge engine against Paimon 1.3.1, every function lakeops implements
 * ({@link AggregationTables}): Paimon writes and lakeops reads every snapshot; lakeops writes and
 * Paimon reads every snapshot, equal to Paimon's own table after the same commits; both engines
 * write and full-compact one table in turns; and the setups lakeops refuses, refused before
 * anything is committed.
 */
class AggregationCompatTest {

  @TempDir Path dir;

  private final RowType rowType = AggregationTables.rowType();

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void lakeopsReadsEverySnapshotPaimonWrote(String format) throws Exception {
    FileStoreTable theirs =
        AggregationTables.createPaimon(dir, "t", AggregationTables.options(format, Map.of()));
    try (Paimon paimon = new Paimon(theirs, dir)) {
      long id = 1;
      for (AggregationTables.Step step : AggregationTables.script()) {
        paimon.commit(id++, step);
      }
    }
    Table ours = Table.load(new dev.lakeops.table.io.LocalFileIO(), tableDir(dir, "t"));
    long latest = ours.latestSnapshot().orElseThrow().id();
    assertThat(latest).isGreaterThanOrEqualTo(AggregationTables.script().size());
    for (long s = 1; s <= latest; s++) {
      assertThat(lakeopsRead(ours, s))
          .as("lakeops reads Paimon's snapshot %s", s)
          .isEqualTo(paimonRead(theirs, Map.of("scan.snapshot-id", String.valueOf(s))));
    }
    assertThat(lakeopsRead(ours)).hasSize(8);
  }

  @Test
  void paimonReadsEverySnapshotLakeopsWroteAsItsOwnTable() throws Exception {
    Map<String, String> options = AggregationTables.options("avro", Map.of());
    Table ours = AggregationTables.createLakeops(dir.resolve("lakeops"), "t", options);
    FileStoreTable oursSeenByPaimon = AggregationTables.paimonTable(dir.resolve("lakeops"), "t");
    FileStoreTable oracle = AggregationTables.createPaimon(dir.resolve("paimon"), "t", options);
    try (Paimon paimon = new Paimon(oracle, dir);
        TableWrite write = ours.newWrite("lakeops")) {
      long id = 1;
      for (AggregationTables.Step step : AggregationTables.script()) {
        lakeopsCommit(ours, write, id, step);
        paimon.commit(id, step);
        List<String> expected = paimonRead(oracle, Map.of());
        assertThat(paimonRead(oursSeenByPaimon, Map.of()))
            .as("Paimon reads lakeops' table after commit %s", id)
            .isEqualTo(expected);
        assertThat(lakeopsRead(ours))
            .as("lakeops reads its table after commit %s", id)
            .isEqualTo(expected);
        id++;
      }
    }
    long latest = ours.latestSnapshot().orElseThrow().id();
    for (long s = 1; s <= latest; s++) {
      assertThat(paimonRead(oursSeenByPaimon, Map.of("scan.snapshot-id", String.valueOf(s))))
          .as("Paimon reads lakeops' snapshot %s", s)
          .isEqualTo(lakeopsRead(ours, s));
    }
  }

  @Test
  void bothEnginesWriteAndCompactOneTableInTurns() throws Exception {
    Map<String, String> options = AggregationTables.options("avro", Map.of());
    Table shared = AggregationTables.createLakeops(dir.resolve("shared"), "t", options);
    FileStoreTable sharedSeenByPaimon = AggregationTables.paimonTable(dir.resolve("shared"), "t");
    FileStoreTable oracle = AggregationTables.createPaimon(dir.resolve("paimon"), "t", options);
    List<AggregationTables.Step> script = AggregationTables.script();
    try (Paimon paimonOracle = new Paimon(oracle, dir)) {
      for (int i = 0; i < script.size(); i++) {
        long id = i + 1;
        AggregationTables.Step step = script.get(i);
        // lakeops takes the odd steps (its full compaction, step 4, rewrites Paimon's files),
        // Paimon the even ones; each with a fresh writer that restores the other's files
        if (i % 2 == 1) {
          try (TableWrite write = shared.newWrite("lakeops")) {
            lakeopsCommit(shared, write, id, step);
          }
        } else {
          try (Paimon paimonShared = new Paimon(sharedSeenByPaimon, dir.resolve("shared-io"))) {
            paimonShared.commit(id, step);
          }
        }
        paimonOracle.commit(id, step);
        List<String> expected = paimonRead(oracle, Map.of());
        assertThat(paimonRead(sharedSeenByPaimon, Map.of()))
            .as("Paimon reads the shared table after step %s", id)
            .isEqualTo(expected);
        assertThat(lakeopsRead(shared))
            .as("lakeops reads the shared table after step %s", id)
            .isEqualTo(expected);
      }
      // Paimon full-compacts lakeops' files, then lakeops writes on top of Paimon's level 5
      long next = script.size() + 1;
      AggregationTables.Step compact = new AggregationTables.Step(List.of(), true);
      try (Paimon paimonShared = new Paimon(sharedSeenByPaimon, dir.resolve("shared-io"))) {
        paimonShared.commit(next, compact);
      }
      paimonOracle.commit(next, compact);
      assertThat(lakeopsRead(shared)).isEqualTo(paimonRead(oracle, Map.of()));
      AggregationTables.Step last =
          new AggregationTables.Step(
              List.of(
                  AggregationTables.row(RowKind.INSERT, 1, 30),
                  AggregationTables.row(RowKind.UPDATE_BEFORE, 2, 16)),
              false);
      try (TableWrite write = shared.newWrite("lakeops")) {
        lakeopsCommit(shared, write, next + 1, last);
      }
      paimonOracle.commit(next + 1, last);
    }
    assertThat(lakeopsRead(shared)).isEqualTo(paimonRead(oracle, Map.of()));
    assertThat(paimonRead(sharedSeenByPaimon, Map.of())).isEqualTo(paimonRead(oracle, Map.of()));
  }

  /**
   * {@link #removeRecordOnDeleteMatchesPaimon}'s rows after each commit when a removed row restarts
   * from its non-nullable fields (1.2, 1.3, lakeops).
   */
  private static final List<List<String>> RESTART_FROM_NULLS =
      List.of(
          List.of("+I[1, 5, a]", "+I[2, 1, b]", "+I[3, 2, null]"),
          List.of("+I[2, 8, b]", "+I[3, 5, null]"),
          List.of("+I[1, 9, null]", "+I[2, 8, b]"));

  /**
   * The same when it restarts from every field of the {@code -D} (Paimon 1.4): key 2's commit 2
   * merges to (12, x) in the write buffer (-D (5, x), then +7), read over commit 1's (1, b); key 1
   * restarts from (5, a) and adds 9.
   */
  private static final List<List<String>> RESTART_FROM_REMOVED_VALUES =
      List.of(
          List.of("+I[1, 5, a]", "+I[2, 1, b]", "+I[3, 2, null]"),
          List.of("+I[2, 13, b]", "+I[3, 5, null]"),
          List.of("+I[1, 14, a]", "+I[2, 13, b]"));

  /**
   * Paimon 1.4 reading lakeops' files: key 2's commit 2 was merged by lakeops on write (7, null);
   * key 1's lone -D is merged by Paimon on read and restarts from the -D lakeops wrote.
   */
  private static final List<List<String>> RESTART_FROM_REMOVED_VALUES_OVER_LAKEOPS_FILES =
      List.of(
          List.of("+I[1, 5, a]", "+I[2, 1, b]", "+I[3, 2, null]"),
          List.of("+I[2, 8, b]", "+I[3, 5, null]"),
          List.of("+I[1, 14, a]", "+I[2, 8, b]"));

  @Test
  void removeRecordOnDeleteMatchesPaimon() throws Exception {
    Map<String, String> options =
        Map.of(
            "bucket",
            "1",
            "file.format",
            "avro",
            "merge-engine",
            "aggregation",
            "aggregation.remove-record-on-delete",
            "true",
            "fields.total.aggregate-function",
            "sum",
            "fields.name.aggregate-function",
            "first_value");
    Table ours = small(dir.resolve("lakeops"), options);
    FileStoreTable oursSeenByPaimon = AggregationTables.paimonTable(dir.resolve("lakeops"), "r");
    FileStoreTable oracle = smallPaimon(dir.resolve("paimon"), options);
    List<List<Row>> batches =
        List.of(
            List.of(Row.of(1, 5L, "a"), Row.of(2, 1L, "b"), Row.of(3, 2L, null)),
            List.of(
                Row.ofKind(RowKind.DELETE, 1, 5L, "a"),
                Row.of(2, 4L, "x"),
                Row.ofKind(RowKind.DELETE, 2, 5L, "x"),
                Row.of(2, 7L, "c"),
                Row.of(3, 3L, "d")),
            List.of(Row.of(1, 9L, "e"), Row.ofKind(RowKind.DELETE, 3, 3L, "d")));
    RowType type = DataFileValues.fromPaimon(oracle.rowType());
    try (TableWrite write = ours.newWrite("lakeops");
        TableWriteImpl<?> paimonWrite =
            oracle
                .newWrite("paimon")
                .withIOManager(IOManager.create(dir.resolve("io").toString()));
        TableCommitImpl paimonCommit = oracle.newCommit("paimon")) {
      long id = 1;
      for (List<Row> batch : batches) {
        for (Row r : batch) {
          write.write(r);
          paimonWrite.write(DataFileValues.toPaimon(r, type));
        }
        ours.newCommit().commit(write.prepareCommit(id));
        paimonCommit.commit(id, paimonWrite.prepareCommit(false, id));
        List<String> paimonRows = PaimonReads.read(oracle, Map.of(), type);
        List<String> lakeopsRows =
            PaimonReads.canonical(ours.newRead().readAll(ours.newScan().plan()));
        if (PaimonVersion.restartedRowKeepsRemovedValues()) {
          // 1.4 restarts a removed row from the -D's values, lakeops (as 1.3) from nulls
          assertThat(paimonRows)
              .as("Paimon %s after commit %s", PaimonVersion.runtime(), id)
              .isEqualTo(RESTART_FROM_REMOVED_VALUES.get((int) id - 1));
          assertThat(lakeopsRows)
              .as("lakeops after commit %s", id)
              .isEqualTo(RESTART_FROM_NULLS.get((int) id - 1));
        } else {
          assertThat(paimonRows)
              .as("Paimon %s after commit %s", PaimonVersion.runtime(), id)
              .isEqualTo(RESTART_FROM_NULLS.get((int) id - 1));
          assertThat(lakeopsRows).as("after commit %s", id).isEqualTo(paimonRows);
        }
        // the files lakeops merged on write, merged by Paimon on read
        assertThat(PaimonReads.read(oursSeenByPaimon, Map.of(), type))
            .as("Paimon %s reads lakeops' table after commit %s", PaimonVersion.runtime(), id)
            .isEqualTo(
                PaimonVersion.restartedRowKeepsRemovedValues()
                    ? RESTART_FROM_REMOVED_VALUES_OVER_LAKEOPS_FILES.get((int) id - 1)
                    : lakeopsRows);
        id++;
      }
    }
    assertThat(PaimonReads.canonical(ours.newRead().readAll(ours.newScan().plan())))
        .as(
            "key 1: the lone -D of commit 2 restarts the row when read with the rest, and"
                + " first_value keeps its choice across it; key 2: commit 2 merges to (7, null) in"
                + " the write buffer, then adds to commit 1's row")
        .containsExactly("+I[1, 9, null]", "+I[2, 8, b]");
  }

  @Test
  void refusesWhatItCannotMergeNamingTableFieldAndFunctionAndCommitsNothing() throws Exception {
    Map<String, String> base =
        Map.of("bucket", "1", "file.format", "avro", "merge-engine", "aggregation");
    // a function lakeops leaves out: Paimon takes the table, lakeops refuses to read or write it
    FileStoreTable bitmap =
        smallPaimon(
            dir.resolve("a"),
            with(base, "fields.total.aggregate-function", "rbm64"),
            org.apache.paimon.types.DataTypes.BYTES());
    Table bitmapOurs =
        Table.load(new dev.lakeops.table.io.LocalFileIO(), tableDir(dir.resolve("a"), "r"));
    assertThatThrownBy(() -> bitmapOurs.newWrite("lakeops"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("Table r")
        .hasMessageContaining("'total'")
        .hasMessageContaining("'rbm64'");
    assertThatThrownBy(bitmapOurs::newRead).isInstanceOf(UnsupportedOperationException.class);
    assertThat(bitmap.latestSnapshot()).isEmpty();

    // a function on a type Paimon refuses for it (Paimon finds out only when it merges)
    Table wrongType = small(dir.resolve("b"), with(base, "fields.name.aggregate-function", "sum"));
    assertThatThrownBy(() -> wrongType.newWrite("lakeops"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'name'")
        .hasMessageContaining("'sum'")
        .hasMessageContaining("STRING");
    assertThatThrownBy(wrongType::newRead).isInstanceOf(IllegalArgumentException.class);

    // a retraction of a function without one: Paimon fails at the merge, lakeops at the write
    Map<String, String> max = with(base, "fields.total.aggregate-function", "max");
    Table ours = small(dir.resolve("c"), max);
    FileStoreTable oursSeenByPaimon = AggregationTables.paimonTable(dir.resolve("c"), "r");
    try (TableWrite write = ours.newWrite("lakeops")) {
      write.write(Row.of(1, 5L, "a"));
      ours.newCommit().commit(write.prepareCommit(1));
    }
    long before = ours.latestSnapshot().orElseThrow().id();
    try (TableWrite write = ours.newWrite("lakeops")) {
      write.write(Row.of(1, 6L, "b"));
      assertThatThrownBy(() -> write.write(Row.ofKind(RowKind.DELETE, 1, 6L, "b")))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("'total'")
          .hasMessageContaining("'max'")
          .hasMessageContaining("fields.total.ignore-retract");
    }
    assertThat(ours.latestSnapshot().orElseThrow().id()).isEqualTo(before);
    RowType type = DataFileValues.fromPaimon(oursSeenByPaimon.rowType());
    assertThat(PaimonReads.read(oursSeenByPaimon, Map.of(), type)).containsExactly("+I[1, 5, a]");
    try (TableWriteImpl<?> paimonWrite =
        oursSeenByPaimon
            .newWrite("paimon")
            .withIOManager(IOManager.create(dir.resolve("io").toString()))) {
      paimonWrite.write(DataFileValues.toPaimon(Row.of(1, 6L, "b"), type));
      paimonWrite.write(DataFileValues.toPaimon(Row.ofKind(RowKind.DELETE, 1, 6L, "b"), type));
      assertThatThrownBy(() -> paimonWrite.prepareCommit(false, 1))
          .as("Paimon refuses the same retraction when it merges")
          .hasStackTraceContaining("does not support retraction");
    }
  }

  // ---- helpers

  private static Map<String, String> with(Map<String, String> base, String key, String value) {
    Map<String, String> m = new java.util.LinkedHashMap<>(base);
    m.put(key, value);
    return m;
  }

  /** {@code id INT, total BIGINT, name STRING}, primary key id, created by lakeops. */
  private static Table small(Path warehouse, Map<String, String> options) {
    dev.lakeops.table.catalog.Catalog catalog = dev.lakeops.table.catalog.Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    return catalog.createTable(
        dev.lakeops.table.catalog.Identifier.of("db", "r"),
        dev.lakeops.table.catalog.TableDefinition.builder()
            .column(
                "id", dev.lakeops.table.types.AtomicType.of(dev.lakeops.table.types.TypeRoot.INT))
            .column(
                "total",
                dev.lakeops.table.types.AtomicType.of(dev.lakeops.table.types.TypeRoot.BIGINT))
            .column("name", dev.lakeops.table.types.AtomicType.string())
            .primaryKey("id")
            .options(options)
            .build());
  }

  private static FileStoreTable smallPaimon(Path warehouse, Map<String, String> options)
      throws Exception {
    return smallPaimon(warehouse, options, org.apache.paimon.types.DataTypes.BIGINT());
  }

  private static FileStoreTable smallPaimon(
      Path warehouse, Map<String, String> options, org.apache.paimon.types.DataType totalType)
      throws Exception {
    org.apache.paimon.options.Options o = new org.apache.paimon.options.Options();
    o.set("warehouse", warehouse.toUri().toString());
    var catalog =
        org.apache.paimon.catalog.CatalogFactory.createCatalog(
            org.apache.paimon.catalog.CatalogContext.create(o));
    catalog.createDatabase("db", true);
    catalog.createTable(
        org.apache.paimon.catalog.Identifier.create("db", "r"),
        org.apache.paimon.schema.Schema.newBuilder()
            .column("id", org.apache.paimon.types.DataTypes.INT())
            .column("total", totalType)
            .column("name", org.apache.paimon.types.DataTypes.STRING())
            .primaryKey("id")
            .options(options)
            .build(),
        false);
    return AggregationTables.paimonTable(warehouse, "r");
  }

  private static Path tableDir(Path warehouse, String name) {
    return warehouse.resolve("db.db").resolve(name);
  }

  private static void lakeopsCommit(
      Table table, TableWrite write, long id, AggregationTables.Step step) {
    if (step.compact()) {
      for (int bucket = 0; bucket < 2; bucket++) {
        write.fullCompact(BinaryRow.EMPTY, bucket);
      }
    }
    step.rows().forEach(write::write);
    table.newCommit().commit(write.prepareCommit(id));
  }

  /** Paimon's writer and committer of one table, with the same steps. */
  private final class Paimon implements AutoCloseable {
    private final TableWriteImpl<?> write;
    private final TableCommitImpl commit;
    private final RowType type;

    Paimon(FileStoreTable table, Path io) {
      this.write =
          table.newWrite("paimon").withIOManager(IOManager.create(io.resolve("io").toString()));
      this.commit = table.newCommit("paimon");
      this.type = DataFileValues.fromPaimon(table.rowType());
    }

    void commit(long id, AggregationTables.Step step) throws Exception {
      for (Row r : step.rows()) {
        write.write(DataFileValues.toPaimon(r, type));
      }
      if (step.compact()) {
        for (int bucket = 0; bucket < 2; bucket++) {
          write.compact(org.apache.paimon.data.BinaryRow.EMPTY_ROW, bucket, true);
        }
      }
      commit.commit(id, write.prepareCommit(step.compact(), id));
    }

    @Override
    public void close() throws Exception {
      write.close();
      commit.close();
    }
  }
}
