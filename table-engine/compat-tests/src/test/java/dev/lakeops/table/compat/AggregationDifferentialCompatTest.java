package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.TableWrite;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded random batches on an {@code aggregation} table, applied by lakeops to its table and by
 * Paimon 1.3.1 to its own: inserts with nulls over many keys, CDC updates ({@code -U} of the row
 * last written for the key, then {@code +U}) and deletes ({@code -D} of that row), a small write
 * buffer (lakeops spills), a low sorted-run trigger (both compact) and a full compaction every few
 * commits. After every commit lakeops reads its table as Paimon reads its own, and Paimon reads
 * lakeops' table the same.
 *
 * <p>The functions are those whose result does not depend on how an engine groups a key's records
 * into files (sums of integers and decimals, last_value, and max, min, bool_or and
 * first_non_null_value ignoring retractions): Paimon's own result for retractions into collect,
 * merge_map or last_non_null_value depends on which records meet in which merge, and the two
 * engines may compact at different points. {@link AggregationCompatTest} covers those with the
 * compactions at the same points.
 */
class AggregationDifferentialCompatTest {

  private static final long SEED = 20241214L;

  @TempDir Path dir;

  private static final Map<String, DataType> COLUMNS = new LinkedHashMap<>();
  private static final Map<String, String> OPTIONS = new LinkedHashMap<>();

  static {
    COLUMNS.put("id", AtomicType.of(TypeRoot.INT));
    COLUMNS.put("total", AtomicType.of(TypeRoot.BIGINT));
    COLUMNS.put("amount", AtomicType.decimal(14, 3));
    COLUMNS.put("cnt", AtomicType.of(TypeRoot.INT));
    COLUMNS.put("hi", AtomicType.of(TypeRoot.BIGINT));
    COLUMNS.put("lo", AtomicType.string());
    COLUMNS.put("state", AtomicType.string());
    COLUMNS.put("seen", AtomicType.of(TypeRoot.BOOLEAN));
    COLUMNS.put("origin", AtomicType.string());
    OPTIONS.put("bucket", "2");
    OPTIONS.put("file.format", "avro");
    OPTIONS.put("write-buffer-size", "4 kb");
    OPTIONS.put("page-size", "1 kb");
    OPTIONS.put("num-sorted-run.compaction-trigger", "3");
    OPTIONS.put("merge-engine", "aggregation");
    OPTIONS.put("fields.default-aggregate-function", "sum");
    OPTIONS.put("fields.hi.aggregate-function", "max");
    OPTIONS.put("fields.hi.ignore-retract", "true");
    OPTIONS.put("fields.lo.aggregate-function", "min");
    OPTIONS.put("fields.lo.ignore-retract", "true");
    OPTIONS.put("fields.state.aggregate-function", "last_value");
    OPTIONS.put("fields.seen.aggregate-function", "bool_or");
    OPTIONS.put("fields.seen.ignore-retract", "true");
    OPTIONS.put("fields.origin.aggregate-function", "first_non_null_value");
    OPTIONS.put("fields.origin.ignore-retract", "true");
  }

  @Test
  void randomInsertsUpdatesAndDeletesLeaveBothEnginesWithTheSameRows() throws Exception {
    Catalog catalog = Catalog.local(dir.resolve("lakeops"));
    catalog.createDatabase("db");
    TableDefinition.Builder definition = TableDefinition.builder();
    COLUMNS.forEach(definition::column);
    Table ours =
        catalog.createTable(
            Identifier.of("db", "t"), definition.primaryKey("id").options(OPTIONS).build());
    FileStoreTable oursSeenByPaimon = AggregationTables.paimonTable(dir.resolve("lakeops"), "t");

    Schema.Builder schema = Schema.newBuilder();
    COLUMNS.forEach((name, type) -> schema.column(name, DataFileValues.toPaimonType(type)));
    var paimonCatalog =
        org.apache.paimon.catalog.CatalogFactory.createCatalog(
            org.apache.paimon.catalog.CatalogContext.create(
                org.apache.paimon.options.Options.fromMap(
                    Map.of("warehouse", dir.resolve("paimon").toUri().toString()))));
    paimonCatalog.createDatabase("db", true);
    paimonCatalog.createTable(
        org.apache.paimon.catalog.Identifier.create("db", "t"),
        schema.primaryKey("id").options(OPTIONS).build(),
        false);
    FileStoreTable theirs = AggregationTables.paimonTable(dir.resolve("paimon"), "t");
    RowType rowType = DataFileValues.fromPaimon(theirs.rowType());

    Random random = new Random(SEED);
    Map<Integer, Row> lastWritten = new HashMap<>();
    int retractions = 0;
    try (TableWriteImpl<?> paimonWrite =
            theirs
                .newWrite("paimon")
                .withIOManager(IOManager.create(dir.resolve("io").toString()));
        TableCommitImpl paimonCommit = theirs.newCommit("paimon");
        TableWrite write = ours.newWrite("lakeops").withSpillDirectory(dir.resolve("spill"))) {
      for (long commit = 1; commit <= 14; commit++) {
        List<Row> batch = new ArrayList<>();
        int size = 20 + random.nextInt(250);
        for (int i = 0; i < size; i++) {
          int id = random.nextInt(120);
          Row previous = lastWritten.get(id);
          int dice = random.nextInt(10);
          if (previous != null && dice < 3) {
            retractions++;
            if (dice == 0) {
              batch.add(previous.withKind(RowKind.DELETE));
              lastWritten.remove(id);
              continue;
            }
            batch.add(previous.withKind(RowKind.UPDATE_BEFORE));
            Row next = randomRow(random, id, commit, RowKind.UPDATE_AFTER);
            batch.add(next);
            lastWritten.put(id, next);
          } else {
            Row next = randomRow(random, id, commit, RowKind.INSERT);
            batch.add(next);
            lastWritten.put(id, next);
          }
        }
        for (Row row : batch) {
          write.write(row);
          paimonWrite.write(DataFileValues.toPaimon(row, rowType));
        }
        boolean full = commit % 5 == 0;
        if (full) {
          for (int bucket = 0; bucket < 2; bucket++) {
            write.fullCompact(BinaryRow.EMPTY, bucket);
            paimonWrite.compact(org.apache.paimon.data.BinaryRow.EMPTY_ROW, bucket, true);
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
    assertThat(retractions).as("the workload retracts").isGreaterThan(100);
    ours.compact("lakeops", PartitionFilter.all(), CompactionMode.FULL);
    assertThat(PaimonReads.read(oursSeenByPaimon, Map.of(), rowType))
        .isEqualTo(PaimonReads.read(theirs, Map.of(), rowType));
  }

  @Test
  void randomRowsOfEveryFunctionWithCompactionsAtTheSamePoints() throws Exception {
    // no automatic compaction: both engines merge the same groups (each commit's write buffer,
    // the full compactions, the read), so even grouping-sensitive retractions must agree
    Map<String, String> options =
        AggregationTables.options("avro", Map.of("write-buffer-size", "4 kb", "page-size", "1 kb"));
    Table ours = AggregationTables.createLakeops(dir.resolve("lakeops"), "t", options);
    FileStoreTable oursSeenByPaimon = AggregationTables.paimonTable(dir.resolve("lakeops"), "t");
    FileStoreTable theirs = AggregationTables.createPaimon(dir.resolve("paimon"), "t", options);
    RowType rowType = DataFileValues.fromPaimon(theirs.rowType());
    Random random = new Random(SEED + 1);
    Map<Integer, Row> lastWritten = new HashMap<>();
    try (TableWriteImpl<?> paimonWrite =
            theirs
                .newWrite("paimon")
                .withIOManager(IOManager.create(dir.resolve("io").toString()));
        TableCommitImpl paimonCommit = theirs.newCommit("paimon");
        TableWrite write = ours.newWrite("lakeops").withSpillDirectory(dir.resolve("spill"))) {
      for (long commit = 1; commit <= 10; commit++) {
        List<Row> batch = new ArrayList<>();
        int size = 10 + random.nextInt(120);
        for (int i = 0; i < size; i++) {
          int id = random.nextInt(60);
          Row previous = lastWritten.get(id);
          int dice = random.nextInt(10);
          if (previous != null && dice < 3) {
            batch.add(previous.withKind(dice == 0 ? RowKind.DELETE : RowKind.UPDATE_BEFORE));
            lastWritten.remove(id);
            if (dice == 0) {
              continue;
            }
          }
          Row next =
              AggregationTables.row(
                  previous != null && dice > 0 && dice < 3 ? RowKind.UPDATE_AFTER : RowKind.INSERT,
                  id,
                  random.nextInt(1000));
          batch.add(next);
          lastWritten.put(id, next);
        }
        for (Row row : batch) {
          write.write(row);
          paimonWrite.write(DataFileValues.toPaimon(row, rowType));
        }
        boolean full = commit % 4 == 0;
        if (full) {
          for (int bucket = 0; bucket < 2; bucket++) {
            write.fullCompact(BinaryRow.EMPTY, bucket);
            paimonWrite.compact(org.apache.paimon.data.BinaryRow.EMPTY_ROW, bucket, true);
          }
        }
        ours.newCommit().commit(write.prepareCommit(commit));
        paimonCommit.commit(commit, paimonWrite.prepareCommit(full, commit));
        List<String> expected = AggregationTables.paimonRead(theirs, Map.of());
        assertThat(AggregationTables.lakeopsRead(ours))
            .as("lakeops reads its table after commit %s (seed %s)", commit, SEED + 1)
            .isEqualTo(expected);
        assertThat(AggregationTables.paimonRead(oursSeenByPaimon, Map.of()))
            .as("Paimon reads lakeops' table after commit %s (seed %s)", commit, SEED + 1)
            .isEqualTo(expected);
      }
    }
  }

  private static Row randomRow(Random random, int id, long commit, RowKind kind) {
    return Row.ofKind(
        kind,
        id,
        random.nextInt(6) == 0 ? null : (long) random.nextInt(2000) - 1000,
        random.nextInt(6) == 0 ? null : BigDecimal.valueOf(random.nextInt(1_000_000) - 500_000, 3),
        random.nextInt(6) == 0 ? null : random.nextInt(),
        random.nextInt(4) == 0 ? null : random.nextLong(),
        random.nextInt(4) == 0 ? null : "lo-" + random.nextInt(500),
        random.nextInt(4) == 0 ? null : "state-" + commit + "-" + random.nextInt(9),
        random.nextInt(3) == 0 ? null : random.nextBoolean(),
        random.nextInt(2) == 0 ? null : "origin-" + commit);
  }
}
