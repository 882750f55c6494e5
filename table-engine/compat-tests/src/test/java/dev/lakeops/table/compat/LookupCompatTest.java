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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tables that need lookup, against Apache Paimon: deletion-vector tables lakeops writes and
 * compacts read the same in Paimon and lakeops at every snapshot; Paimon and lakeops write one
 * deletion-vector table in turns, each compacting the other's files; the lookup changelog
 * (deduplicate and first-row) lakeops writes equals Paimon's for the same input, key by key.
 */
class LookupCompatTest {

  private static final Map<String, String> BASE =
      Map.of(
          "bucket", "2",
          "write-buffer-size", "4 kb",
          "page-size", "1 kb",
          "num-sorted-run.compaction-trigger", "3");

  @TempDir Path dir;

  private Table ours;
  private FileStoreTable oursSeenByPaimon;
  private FileStoreTable theirs;
  private RowType rowType;

  private void createTables(Map<String, String> options) throws Exception {
    Map<String, String> all = new HashMap<>(BASE);
    all.putAll(options);
    Catalog catalog = Catalog.local(dir.resolve("lakeops"));
    catalog.createDatabase("db");
    TableDefinition.Builder definition =
        TableDefinition.builder()
            .column("id", AtomicType.of(TypeRoot.INT))
            .column("v", AtomicType.string())
            .column("n", AtomicType.of(TypeRoot.BIGINT))
            .primaryKey("id");
    all.forEach(definition::option);
    ours = catalog.createTable(Identifier.of("db", "t"), definition.build());
    oursSeenByPaimon = paimonTable(dir.resolve("lakeops"));

    Schema.Builder schema =
        Schema.newBuilder()
            .column("id", DataTypes.INT())
            .column("v", DataTypes.STRING())
            .column("n", DataTypes.BIGINT())
            .primaryKey("id");
    all.forEach(schema::option);
    Options paimonOptions = new Options();
    paimonOptions.set("warehouse", dir.resolve("paimon").toUri().toString());
    var paimonCatalog = CatalogFactory.createCatalog(CatalogContext.create(paimonOptions));
    paimonCatalog.createDatabase("db", true);
    paimonCatalog.createTable(
        org.apache.paimon.catalog.Identifier.create("db", "t"), schema.build(), false);
    theirs = paimonTable(dir.resolve("paimon"));
    rowType = DataFileValues.fromPaimon(theirs.rowType());
  }

  private static FileStoreTable paimonTable(Path warehouse) throws Exception {
    Options options = new Options();
    options.set("warehouse", warehouse.toUri().toString());
    return (FileStoreTable)
        CatalogFactory.createCatalog(CatalogContext.create(options))
            .getTable(org.apache.paimon.catalog.Identifier.create("db", "t"));
  }

  private static List<Row> randomBatch(Random random, long commit, boolean deletes) {
    List<Row> batch = new ArrayList<>();
    int size = 10 + random.nextInt(120);
    for (int i = 0; i < size; i++) {
      int id = random.nextInt(120);
      batch.add(
          deletes && random.nextInt(5) == 0
              ? Row.ofKind(RowKind.DELETE, id, null, null)
              : Row.of(
                  id,
                  random.nextInt(4) == 0
                      ? null
                      : "v" + commit + "-" + i + "-".repeat(random.nextInt(30)),
                  (long) random.nextInt(3)));
    }
    return batch;
  }

  @ParameterizedTest(name = "{0}, bitmap64={1}")
  @CsvSource({"avro,false", "parquet,true"})
  void randomDeletionVectorWritesReadTheSameInBothEnginesAtEverySnapshot(
      String format, boolean bitmap64) throws Exception {
    createTables(
        Map.of(
            "file.format",
            format,
            "deletion-vectors.enabled",
            "true",
            "deletion-vectors.bitmap64",
            String.valueOf(bitmap64)));
    long seed = 14_2026L + format.hashCode();
    Random random = new Random(seed);
    Map<Long, List<String>> readAt = new LinkedHashMap<>();
    try (TableWriteImpl<?> paimonWrite =
            theirs
                .newWrite("paimon")
                .withIOManager(IOManager.create(dir.resolve("io").toString()));
        TableCommitImpl paimonCommit = theirs.newCommit("paimon");
        TableWrite write = ours.newWrite("lakeops")) {
      for (long commit = 1; commit <= 14; commit++) {
        for (Row row : randomBatch(random, commit, true)) {
          write.write(row);
          paimonWrite.write(DataFileValues.toPaimon(row, rowType));
        }
        boolean full = commit % 5 == 0;
        if (full) {
          for (int bucket = 0; bucket < 2; bucket++) {
            write.fullCompact(dev.lakeops.table.meta.BinaryRow.EMPTY, bucket);
            paimonWrite.compact(BinaryRow.EMPTY_ROW, bucket, true);
          }
        }
        ours.newCommit().commit(write.prepareCommit(commit));
        paimonCommit.commit(commit, paimonWrite.prepareCommit(true, commit));

        List<String> expected = PaimonReads.read(theirs, Map.of(), rowType);
        assertThat(lakeopsReads(ours.latestSnapshot().orElseThrow().id()))
            .as("lakeops reads its table after commit %s (seed %s)", commit, seed)
            .isEqualTo(expected);
        assertThat(PaimonReads.read(oursSeenByPaimon, Map.of(), rowType))
            .as("Paimon reads lakeops' table after commit %s (seed %s)", commit, seed)
            .isEqualTo(expected);
        readAt.put(ours.latestSnapshot().orElseThrow().id(), expected);
      }
    }
    // every snapshot, the APPEND ones (level 0 only: the last compacted state) included
    long latest = ours.latestSnapshot().orElseThrow().id();
    for (long id = 1; id <= latest; id++) {
      List<String> paimon =
          PaimonReads.read(
              oursSeenByPaimon, Map.of("scan.snapshot-id", String.valueOf(id)), rowType);
      assertThat(lakeopsReads(id)).as("snapshot %s of lakeops' table", id).isEqualTo(paimon);
      if (readAt.containsKey(id)) {
        assertThat(paimon)
            .as("snapshot %s holds every row written so far", id)
            .isEqualTo(readAt.get(id));
      }
    }
    assertThat(
            ours.snapshotFiles()
                .manifests()
                .readIndexManifest(ours.latestSnapshot().orElseThrow().indexManifest()))
        .as("lakeops wrote deletion vectors")
        .isNotEmpty();
  }

  @Test
  void paimonAndLakeopsWriteOneDeletionVectorTableInTurnsAndCompactEachOthersFiles()
      throws Exception {
    createTables(Map.of("file.format", "parquet", "deletion-vectors.enabled", "true"));
    Random random = new Random(7);
    TreeMap<Integer, Row> model = new TreeMap<>();
    for (long commit = 1; commit <= 12; commit++) {
      List<Row> batch = randomBatch(random, commit, true);
      boolean full = commit % 4 == 0;
      if (commit % 2 == 1) {
        try (TableWrite write = ours.newWrite("lakeops")) {
          batch.forEach(write::write);
          if (full) {
            for (int bucket = 0; bucket < 2; bucket++) {
              write.fullCompact(dev.lakeops.table.meta.BinaryRow.EMPTY, bucket);
            }
          }
          ours.newCommit().commit(write.prepareCommit(commit));
        }
      } else {
        try (TableWriteImpl<?> write =
                oursSeenByPaimon
                    .newWrite("paimon")
                    .withIOManager(IOManager.create(dir.resolve("io").toString()));
            TableCommitImpl commitApi = oursSeenByPaimon.newCommit("paimon")) {
          for (Row row : batch) {
            write.write(DataFileValues.toPaimon(row, rowType));
          }
          if (full) {
            for (int bucket = 0; bucket < 2; bucket++) {
              write.compact(BinaryRow.EMPTY_ROW, bucket, true);
            }
          }
          commitApi.commit(commit, write.prepareCommit(true, commit));
        }
      }
      for (Row row : batch) {
        if (row.kind().isAdd()) {
          model.put((Integer) row.get(0), row);
        } else {
          model.remove((Integer) row.get(0));
        }
      }
      List<String> want = PaimonReads.canonical(new ArrayList<>(model.values()));
      assertThat(PaimonReads.read(oursSeenByPaimon, Map.of(), rowType))
          .as("Paimon reads the shared table after commit %s", commit)
          .isEqualTo(want);
      assertThat(lakeopsReads(ours.latestSnapshot().orElseThrow().id()))
          .as("lakeops reads the shared table after commit %s", commit)
          .isEqualTo(want);
    }
    ours.compact("lakeops", PartitionFilter.all(), CompactionMode.FULL);
    assertThat(PaimonReads.read(oursSeenByPaimon, Map.of(), rowType))
        .isEqualTo(PaimonReads.canonical(new ArrayList<>(model.values())));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "deduplicate;false;false",
        "deduplicate;true;false",
        "deduplicate;false;true",
        "first-row;false;false"
      })
  void theLookupChangelogEqualsPaimonsKeyByKey(
      String engine, boolean deletionVectors, boolean rowDeduplicate) throws Exception {
    createTables(
        Map.of(
            "file.format",
            "avro",
            "merge-engine",
            engine,
            "changelog-producer",
            "lookup",
            "deletion-vectors.enabled",
            String.valueOf(deletionVectors),
            "changelog-producer.row-deduplicate",
            String.valueOf(rowDeduplicate)));
    boolean firstRow = engine.equals("first-row");
    Random random = new Random(1414);
    long oursFrom = 0;
    long theirsFrom = 0;
    int logged = 0;
    // A new Paimon writer per commit: a long-lived one keeps the lookup files it built, and with
    // deletion vectors such a file still holds rows marked deleted since, so after insert, delete,
    // insert of a key in three commits Paimon logs -U/+U of the deleted row where the key is new
    // (+I, what lakeops logs, as a fresh Paimon writer does).
    try (TableWrite write = ours.newWrite("lakeops")) {
      for (long commit = 1; commit <= 10; commit++) {
        List<Row> batch = randomBatch(random, commit, !firstRow);
        try (TableWriteImpl<?> paimonWrite =
                theirs
                    .newWrite("paimon")
                    .withIOManager(IOManager.create(dir.resolve("io").toString()));
            TableCommitImpl paimonCommit = theirs.newCommit("paimon")) {
          for (Row row : batch) {
            write.write(row);
            paimonWrite.write(DataFileValues.toPaimon(row, rowType));
          }
          ours.newCommit().commit(write.prepareCommit(commit));
          paimonCommit.commit(commit, paimonWrite.prepareCommit(true, commit));
        }
        long oursTo = ours.latestSnapshot().orElseThrow().id();
        long theirsTo = theirs.snapshotManager().latestSnapshotId();
        Map<Integer, List<String>> want = changelogByKey(theirs, theirsFrom, theirsTo);
        assertThat(changelogByKey(oursSeenByPaimon, oursFrom, oursTo))
            .as("changelog of commit %s, per key", commit)
            .isEqualTo(want);
        assertThat(lakeopsChangelogByKey(oursFrom, oursTo))
            .as("changelog of commit %s as lakeops reads it", commit)
            .isEqualTo(want);
        assertThat(lakeopsReads(oursTo)).isEqualTo(PaimonReads.read(theirs, Map.of(), rowType));
        logged += want.size();
        oursFrom = oursTo;
        theirsFrom = theirsTo;
      }
    }
    assertThat(logged).as("keys with changelog over all commits").isGreaterThan(100);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {"merge-engine=first-row", "deletion-vectors.enabled=true"})
  void firstRowAndDeletionVectorTablesReadFullyAndIncrementallyAsPaimonAtEverySnapshot(
      String option) throws Exception {
    String[] kv = option.split("=");
    createTables(Map.of("file.format", "parquet", kv[0], kv[1]));
    boolean firstRow = option.startsWith("merge-engine");
    Random random = new Random(99);
    try (TableWriteImpl<?> paimonWrite =
            theirs
                .newWrite("paimon")
                .withIOManager(IOManager.create(dir.resolve("io").toString()));
        TableCommitImpl paimonCommit = theirs.newCommit("paimon");
        TableWrite write = ours.newWrite("lakeops")) {
      for (long commit = 1; commit <= 8; commit++) {
        for (Row row : randomBatch(random, commit, !firstRow)) {
          write.write(row);
          paimonWrite.write(DataFileValues.toPaimon(row, rowType));
        }
        ours.newCommit().commit(write.prepareCommit(commit));
        paimonCommit.commit(commit, paimonWrite.prepareCommit(true, commit));
        assertThat(PaimonReads.read(oursSeenByPaimon, Map.of(), rowType))
            .as("Paimon reads lakeops' table after commit %s", commit)
            .isEqualTo(PaimonReads.read(theirs, Map.of(), rowType));
      }
    }
    long latest = ours.latestSnapshot().orElseThrow().id();
    for (long id = 1; id <= latest; id++) {
      assertThat(lakeopsReads(id))
          .as("snapshot %s", id)
          .isEqualTo(
              PaimonReads.read(
                  oursSeenByPaimon, Map.of("scan.snapshot-id", String.valueOf(id)), rowType));
      if (id > 1) {
        assertThat(
                PaimonReads.canonical(
                    ours.newRead().readAll(ours.newScan().planIncremental(id - 1, id))))
            .as("incremental read (%s, %s]", id - 1, id)
            .isEqualTo(
                PaimonReads.read(
                    oursSeenByPaimon, Map.of("incremental-between", (id - 1) + "," + id), rowType));
      }
    }
  }

  private List<String> lakeopsReads(long snapshotId) {
    return PaimonReads.canonical(
        ours.newRead().readAll(ours.newScan().withSnapshot(snapshotId).plan()));
  }

  /** Paimon's incremental read of the changelog between two snapshots, in order per key. */
  private Map<Integer, List<String>> changelogByKey(FileStoreTable table, long from, long to)
      throws Exception {
    Map<Integer, List<String>> byKey = new TreeMap<>();
    if (from == to) {
      return byKey;
    }
    ReadBuilder builder =
        table.copy(Map.of("incremental-between", from + "," + to)).newReadBuilder();
    try (RecordReader<InternalRow> reader =
        builder.newRead().createReader(builder.newScan().plan())) {
      reader.forEachRemaining(
          row -> {
            Row r = DataFileValues.fromPaimonWithKind(row, rowType);
            byKey.computeIfAbsent((Integer) r.get(0), k -> new ArrayList<>()).add(r.toString());
          });
    }
    return byKey;
  }

  private Map<Integer, List<String>> lakeopsChangelogByKey(long from, long to) {
    Map<Integer, List<String>> byKey = new TreeMap<>();
    if (from == to) {
      return byKey;
    }
    for (Row r : ours.newRead().readAll(ours.newScan().planIncremental(from, to))) {
      byKey.computeIfAbsent((Integer) r.get(0), k -> new ArrayList<>()).add(r.toString());
    }
    return byKey;
  }
}
