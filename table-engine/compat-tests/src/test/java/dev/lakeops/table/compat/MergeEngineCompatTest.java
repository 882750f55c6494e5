package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded randomized differential tests of the merge engines and merge options against Paimon: the
 * same batches (upserts, partial rows with nulls, retractions where the options allow them,
 * out-of-order and null sequence values, several sequence groups) go to three tables with the same
 * options in one database, all created by Paimon: {@code p} written only by Paimon (the oracle),
 * {@code l} written only by lakeops, and {@code s} written in turns (Paimon on odd commits, lakeops
 * on even ones; every third commit full-compacts, so Paimon full-compacts lakeops' files and
 * lakeops Paimon's). After every commit both engines read all three tables and must read what
 * Paimon reads from {@code p}; at the end both engines read alike every snapshot of each table that
 * the per-commit check did not cover (the append snapshot before a compaction snapshot).
 *
 * <p>Small write buffers and a low sorted-run trigger make both engines spill and compact. Paimon
 * commits wait for its compaction, so the oracle does not depend on background thread timing; on
 * lookup tables (first-row) both engines then compact level 0 at every commit.
 *
 * <p>One warehouse (in memory where the machine allows: {@link MemoryTempDirFactory}) and one
 * Paimon catalog serve every scenario, a database each.
 */
class MergeEngineCompatTest {

  private static final long SEED = 20261202L;

  /** Commits per scenario: full compactions at 3 (Paimon's turn on {@code s}) and 6 (lakeops'). */
  private static final int COMMITS = 6;

  private static final int FULL_COMPACTION_EVERY = 3;
  private static final int KEYS = 40;
  private static final int STABLE = 8;

  @TempDir(factory = MemoryTempDirFactory.class)
  static Path warehouse;

  private static org.apache.paimon.catalog.Catalog paimonCatalog;
  private static Catalog catalog;

  @BeforeAll
  static void createWarehouse() {
    Options catalogOptions = new Options();
    catalogOptions.set("warehouse", warehouse.toUri().toString());
    catalogOptions.set("cache-enabled", "false");
    paimonCatalog = CatalogFactory.createCatalog(CatalogContext.create(catalogOptions));
    catalog = Catalog.local(warehouse);
  }

  @AfterAll
  static void closeCatalog() throws Exception {
    paimonCatalog.close();
  }

  /** One option set and which row kinds its batches may hold. */
  record Scenario(String name, Map<String, String> options, Kinds kinds, boolean anySequence) {
    @Override
    public String toString() {
      return name;
    }

    /**
     * Whether a removed row restarts in this scenario's merges ({@code -D} or a sequence group's
     * retraction removing the row), which Paimon 1.4 merges otherwise than 1.3 and lakeops.
     */
    boolean restartsRemovedRows() {
      return "true".equals(options.get("partial-update.remove-record-on-delete"))
          || options.containsKey("partial-update.remove-record-on-sequence-group");
    }

    /** The scenario's own database in the shared warehouse. */
    String database() {
      return name.replaceAll("[^A-Za-z0-9]+", "_");
    }
  }

  enum Kinds {
    /** +I only. */
    ADDS,
    /** +I, -D. */
    DELETES,
    /** +I, +U, -U, -D. */
    RETRACTIONS,
    /** +I/-U/+U/-D taken from the op column (rowkind.field). */
    OP_COLUMN
  }

  static Stream<Arguments> scenarios() {
    return Stream.of(
            scenario("deduplicate sequence.field", Kinds.DELETES, "sequence.field", "ts"),
            scenario("deduplicate two sequence fields", Kinds.DELETES, "sequence.field", "s1,ts"),
            scenario("deduplicate ignore-delete", Kinds.RETRACTIONS, "ignore-delete", "true"),
            scenario(
                "deduplicate deduplicate.ignore-delete",
                Kinds.RETRACTIONS,
                "deduplicate.ignore-delete",
                "true"),
            scenario(
                "deduplicate ignore-update-before",
                Kinds.RETRACTIONS,
                "ignore-update-before",
                "true"),
            scenario("deduplicate rowkind.field", Kinds.OP_COLUMN, "rowkind.field", "op"),
            scenario("partial-update", Kinds.ADDS, "merge-engine", "partial-update"),
            scenario(
                "partial-update ignore-delete",
                Kinds.RETRACTIONS,
                "merge-engine",
                "partial-update",
                "partial-update.ignore-delete",
                "true"),
            // -D then -U: Paimon turns the removed row into an empty +I when both meet in one
            // merge,
            // and drops it when the -D reached the highest level alone first; -U is left to the
            // unit tests
            scenario(
                "partial-update remove-record-on-delete",
                Kinds.DELETES,
                "merge-engine",
                "partial-update",
                "partial-update.remove-record-on-delete",
                "true"),
            growingSequence(
                "partial-update sequence.field",
                Kinds.DELETES,
                "merge-engine",
                "partial-update",
                "sequence.field",
                "ts",
                "partial-update.remove-record-on-delete",
                "true"),
            scenario(
                "partial-update sequence groups",
                Kinds.RETRACTIONS,
                "merge-engine",
                "partial-update",
                "fields.s1.sequence-group",
                "a,b",
                "fields.s2,ts.sequence-group",
                "c"),
            scenario(
                "partial-update sequence groups remove-record-on-sequence-group",
                Kinds.RETRACTIONS,
                "merge-engine",
                "partial-update",
                "fields.s1.sequence-group",
                "a,b",
                "fields.s2.sequence-group",
                "c",
                "partial-update.remove-record-on-sequence-group",
                "s1"),
            scenario(
                "partial-update rowkind.field sequence groups",
                Kinds.OP_COLUMN,
                "merge-engine",
                "partial-update",
                "rowkind.field",
                "op",
                "fields.s1.sequence-group",
                "a,b,c"),
            // the aggregators fold a key's records in ts order (ts itself takes last_value);
            // adds only: a retraction sets ts to null (last_value retracts to null), and the
            // order of a merged row with null ts against later ones then depends on the
            // compaction layout, in Paimon as in lakeops
            growingSequence(
                "aggregation sequence.field",
                Kinds.ADDS,
                "merge-engine",
                "aggregation",
                "sequence.field",
                "ts",
                "fields.a.aggregate-function",
                "last_value",
                "fields.b.aggregate-function",
                "sum",
                "fields.s2.aggregate-function",
                "max",
                "fields.c.aggregate-function",
                "last_non_null_value"),
            scenario("first-row", Kinds.ADDS, "merge-engine", "first-row"),
            scenario(
                "first-row ignore-delete",
                Kinds.RETRACTIONS,
                "merge-engine",
                "first-row",
                "first-row.ignore-delete",
                "true"))
        .map(Arguments::of);
  }

  private static Scenario scenario(String name, Kinds kinds, String... options) {
    return new Scenario(name, map(options), kinds, true);
  }

  /**
   * Sequence values grow from commit to commit for every key: partial-update with {@code
   * sequence.field} folds partial rows in sequence order, so merging the merged rows of two commits
   * differs from merging all their records when an older commit holds a newer sequence value
   * (Paimon's result then depends on how its files were compacted, too).
   */
  private static Scenario growingSequence(String name, Kinds kinds, String... options) {
    return new Scenario(name, map(options), kinds, false);
  }

  private static Map<String, String> map(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void bothEnginesReadTheSameRowsAfterEveryCommit(Scenario scenario) throws Exception {
    // each release's rows for these: MergeSemanticsPerReleaseCompatTest
    org.junit.jupiter.api.Assumptions.assumeFalse(
        PaimonVersion.restartedRowKeepsRemovedValues() && scenario.restartsRemovedRows(),
        "Paimon 1.4 restarts a removed row from the removing record's values, lakeops as 1.3");
    org.junit.jupiter.api.Assumptions.assumeFalse(
        !PaimonVersion.knowsIgnoreUpdateBefore()
            && scenario.options().containsKey("ignore-update-before"),
        "Paimon 1.2 does not know ignore-update-before and deletes on -U, lakeops drops -U as 1.3");
    String db = scenario.database();
    paimonCatalog.createDatabase(db, false);
    List<String> names = List.of("p", "l", "s");
    Map<String, Table> ours = new LinkedHashMap<>();
    Map<String, FileStoreTable> theirs = new LinkedHashMap<>();
    Map<String, Set<Long>> checked = new LinkedHashMap<>();
    for (String name : names) {
      var id = org.apache.paimon.catalog.Identifier.create(db, name);
      paimonCatalog.createTable(id, schema(scenario), false);
      ours.put(name, catalog.loadTable(Identifier.of(db, name)));
      theirs.put(name, (FileStoreTable) paimonCatalog.getTable(id));
      checked.put(name, new HashSet<>());
    }
    RowType rowType = DataFileValues.fromPaimon(theirs.get("p").rowType());
    Random random = new Random(SEED ^ scenario.name().hashCode());

    try (TableWriteImpl<?> paimonWrite =
            theirs
                .get("p")
                .newWrite("paimon")
                .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
        TableCommitImpl paimonCommit = theirs.get("p").newCommit("paimon");
        TableWrite lakeopsWrite =
            ours.get("l").newWrite("lakeops").withSpillDirectory(warehouse.resolve("spill"))) {
      for (long commit = 1; commit <= COMMITS; commit++) {
        List<Row> batch = batch(random, scenario, commit);
        boolean full = commit % FULL_COMPACTION_EVERY == 0;
        for (Row row : batch) {
          paimonWrite.write(DataFileValues.toPaimon(row, rowType));
        }
        if (full) {
          fullCompactPaimon(paimonWrite);
        }
        paimonCommit.commit(commit, paimonWrite.prepareCommit(true, commit));
        for (Row row : batch) {
          lakeopsWrite.write(row);
        }
        if (full) {
          lakeopsWrite.fullCompact(dev.lakeops.table.meta.BinaryRow.EMPTY, 0);
          lakeopsWrite.fullCompact(dev.lakeops.table.meta.BinaryRow.EMPTY, 1);
        }
        ours.get("l").newCommit().commit(lakeopsWrite.prepareCommit(commit));
        if (commit % 2 == 1) {
          paimonWritesShared(theirs.get("s"), batch, rowType, full, commit);
        } else {
          lakeopsWritesShared(ours.get("s").refresh(), batch, full, commit);
        }

        List<String> expected = adds(PaimonReads.read(theirs.get("p"), Map.of(), rowType));
        for (String name : names) {
          if (!name.equals("p")) {
            assertThat(adds(PaimonReads.read(theirs.get(name), Map.of(), rowType)))
                .as("Paimon reads %s after commit %s (%s, seed %s)", name, commit, scenario, SEED)
                .isEqualTo(expected);
          }
          Table t = ours.get(name).refresh();
          assertThat(adds(PaimonReads.canonical(t.newRead().readAll(t.newScan().plan()))))
              .as("lakeops reads %s after commit %s (%s, seed %s)", name, commit, scenario, SEED)
              .isEqualTo(expected);
          checked.get(name).add(t.latestSnapshot().map(Snapshot::id).orElseThrow());
        }
      }
    }
    for (String name : names) {
      Table t = ours.get(name).refresh();
      long latest = t.latestSnapshot().map(Snapshot::id).orElseThrow();
      for (long id = 1; id <= latest; id++) {
        if (checked.get(name).contains(id)) {
          continue;
        }
        assertThat(
                adds(
                    PaimonReads.canonical(
                        t.newRead().readAll(t.newScan().withSnapshot(id).plan()))))
            .as("lakeops reads %s at snapshot %s (%s)", name, id, scenario)
            .isEqualTo(
                adds(
                    PaimonReads.read(
                        theirs.get(name), Map.of("scan.snapshot-id", Long.toString(id)), rowType)));
      }
    }
  }

  /**
   * On a first-row table Paimon's batch read skips level 0 (as on deletion-vector tables): rows
   * Paimon wrote without compacting (write-only) are not read until a compaction moves them up, and
   * lakeops reads exactly what Paimon reads at every snapshot.
   */
  @Test
  void firstRowReadsSkipLevelZeroAsPaimonDoes() throws Exception {
    Scenario scenario =
        scenario(
            "first-row write-only", Kinds.ADDS, "merge-engine", "first-row", "write-only", "true");
    paimonCatalog.createDatabase(scenario.database(), false);
    var id = org.apache.paimon.catalog.Identifier.create(scenario.database(), "fr");
    paimonCatalog.createTable(id, schema(scenario), false);
    FileStoreTable theirs = (FileStoreTable) paimonCatalog.getTable(id);
    Table ours = catalog.loadTable(Identifier.of(scenario.database(), "fr"));
    RowType rowType = DataFileValues.fromPaimon(theirs.rowType());
    Random random = new Random(SEED);
    List<Integer> visible = new ArrayList<>();
    for (long c = 1; c <= 6; c++) {
      boolean full = c % 3 == 0;
      // write-only writers never compact; a full compaction takes a writer that may
      FileStoreTable writing = full ? theirs.copy(Map.of("write-only", "false")) : theirs;
      try (TableWriteImpl<?> write =
              writing
                  .newWrite("paimon")
                  .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
          TableCommitImpl commit = writing.newCommit("paimon")) {
        for (Row row : batch(random, scenario, c)) {
          write.write(DataFileValues.toPaimon(row, rowType));
        }
        if (full) {
          fullCompactPaimon(write);
        }
        commit.commit(c, write.prepareCommit(full, c));
      }
      List<String> expected = PaimonReads.read(theirs, Map.of(), rowType);
      visible.add(expected.size());
      Table t = ours.refresh();
      assertThat(adds(PaimonReads.canonical(t.newRead().readAll(t.newScan().plan()))))
          .as("lakeops reads the first-row table after commit %s", c)
          .isEqualTo(adds(expected));
    }
    assertThat(visible.get(0)).as("level-0 rows are not read").isZero();
    assertThat(visible.get(2)).as("after a full compaction they are").isPositive();
  }

  /**
   * Rows with {@code +U} written as {@code +I}: which of the two a batch read gives depends on the
   * files' layout in Paimon (a raw-convertible split gives {@code +I}, a merged one the merged
   * record's kind), so the kind of an added row is not compared.
   */
  private static List<String> adds(List<String> rows) {
    List<String> out = new ArrayList<>();
    for (String r : rows) {
      out.add(r.startsWith("+U[") ? "+I[" + r.substring(3) : r);
    }
    out.sort(null);
    return out;
  }

  /** {@code id} key; {@code s1}, {@code s2}, {@code ts} sequence candidates; {@code op} kinds. */
  private static Schema schema(Scenario scenario) {
    return Schema.newBuilder()
        .column("id", DataTypes.INT())
        .column("a", DataTypes.STRING())
        .column("b", DataTypes.BIGINT())
        .column("s1", DataTypes.INT())
        .column("c", DataTypes.STRING())
        .column("s2", DataTypes.BIGINT())
        .column("ts", DataTypes.BIGINT())
        .column("op", DataTypes.STRING())
        .primaryKey("id")
        .option("bucket", "2")
        .option("file.format", "avro")
        .option("write-buffer-size", "4 kb")
        .option("page-size", "1 kb")
        .option("num-sorted-run.compaction-trigger", "3")
        .options(scenario.options())
        .build();
  }

  private static List<Row> batch(Random random, Scenario scenario, long commit) {
    Kinds kinds = scenario.kinds();
    List<Row> batch = new ArrayList<>();
    // a batch of 45 rows on average outgrows the 4 kb write buffer: both engines spill
    int size = 10 + random.nextInt(70);
    for (int i = 0; i < size; i++) {
      int id = random.nextInt(KEYS);
      // keys below STABLE are never retracted and take any sequence values, nulls included; the
      // others take sequence values that grow from commit to commit (out of order within one):
      // with a retraction dropped at the highest level, a later but older-sequenced record would
      // otherwise read differently depending on how the files happened to be compacted, in Paimon
      // as in lakeops
      boolean stable = scenario.anySequence() && id < STABLE;
      RowKind kind = stable ? RowKind.INSERT : kind(random, kinds);
      String op = null;
      if (kinds == Kinds.OP_COLUMN) {
        op = kind.shortString();
        kind = RowKind.INSERT;
      }
      batch.add(
          Row.ofKind(
              kind,
              id,
              random.nextInt(3) == 0 ? null : "a" + commit + "-" + i,
              random.nextInt(3) == 0 ? null : random.nextLong() % 1000,
              stable
                  ? maybeNull(random, random.nextInt(20))
                  : Integer.valueOf((int) commit * 100 + random.nextInt(100)),
              random.nextInt(3) == 0
                  ? null
                  : "c" + commit + "-" + i + "x".repeat(random.nextInt(20)),
              stable
                  ? maybeNull(random, (long) random.nextInt(20))
                  : Long.valueOf(commit * 100 + random.nextInt(100)),
              stable
                  ? maybeNull(random, (long) random.nextInt(30))
                  : Long.valueOf(commit * 100 + random.nextInt(100)),
              op));
    }
    return batch;
  }

  private static <T> T maybeNull(Random random, T value) {
    return random.nextInt(4) == 0 ? null : value;
  }

  private static RowKind kind(Random random, Kinds kinds) {
    int r = random.nextInt(10);
    return switch (kinds) {
      case ADDS -> RowKind.INSERT;
      case DELETES -> r < 2 ? RowKind.DELETE : RowKind.INSERT;
      case RETRACTIONS, OP_COLUMN ->
          switch (r) {
            case 0 -> RowKind.DELETE;
            case 1 -> RowKind.UPDATE_BEFORE;
            case 2, 3 -> RowKind.UPDATE_AFTER;
            default -> RowKind.INSERT;
          };
    };
  }

  private static void fullCompactPaimon(TableWriteImpl<?> write) throws Exception {
    for (int bucket = 0; bucket < 2; bucket++) {
      write.compact(BinaryRow.EMPTY_ROW, bucket, true);
    }
  }

  private void paimonWritesShared(
      FileStoreTable table, List<Row> batch, RowType rowType, boolean full, long commit)
      throws Exception {
    try (TableWriteImpl<?> write =
            table
                .newWrite("paimon-shared")
                .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
        TableCommitImpl committer = table.newCommit("paimon-shared")) {
      for (Row row : batch) {
        write.write(DataFileValues.toPaimon(row, rowType));
      }
      if (full) {
        fullCompactPaimon(write);
      }
      committer.commit(commit, write.prepareCommit(true, commit));
    }
  }

  private void lakeopsWritesShared(Table table, List<Row> batch, boolean full, long commit) {
    try (TableWrite write =
        table.newWrite("lakeops-shared").withSpillDirectory(warehouse.resolve("spill"))) {
      batch.forEach(write::write);
      if (full) {
        write.fullCompact(dev.lakeops.table.meta.BinaryRow.EMPTY, 0);
        write.fullCompact(dev.lakeops.table.meta.BinaryRow.EMPTY, 1);
      }
      table.newCommit().commit(write.prepareCommit(commit));
    }
  }
}
