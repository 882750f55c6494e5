package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.index.CorruptIndexFileException;
import dev.lakeops.table.index.HashIndex;
import dev.lakeops.table.index.HashIndexFile;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.read.ScanPlan;
import dev.lakeops.table.types.RowType;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.index.HashBucketAssigner;
import org.apache.paimon.options.Options;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.RowKeyExtractor;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Paimon 1.3.1 and lakeops take turns on one dynamic-bucket table ({@code bucket=-1}, Paimon's
 * default for a primary-key table), three partitions and a small {@code
 * dynamic-bucket.target-row-num}, so each partition needs several buckets. Both apply the same
 * seeded random upserts and deletes, Paimon through its own {@code HashBucketAssigner} over the
 * index lakeops wrote and lakeops through its assigner over Paimon's. After every commit: no key
 * hash is in two buckets' index files of a partition, no key is read from two buckets, every live
 * key's hash is in its bucket's index file, and both engines read the expected rows; both engines
 * then fully compact each other's files. A truncated index file that Paimon wrote fails lakeops'
 * write with a typed error naming the table and the file, and changes nothing.
 */
class DynamicBucketCompatTest {

  private static final String LAKEOPS = "lakeops-writer";
  private static final String PAIMON = "paimon-writer";
  private static final long TARGET = 4;
  private static final List<String> PARTITIONS = List.of("2024-01-01", "2024-01-02", "2024-01-03");

  @TempDir(factory = MemoryTempDirFactory.class)
  Path warehouse;

  private final TreeMap<String, Row> expected = new TreeMap<>();
  private Table ours;
  private FileStoreTable theirs;
  private RowType rowType;
  private long paimonIdentifier;
  private long lakeopsIdentifier;

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void paimonAndLakeopsTakeTurnsAndNoKeyLandsInTwoBuckets(String format) throws Exception {
    createTable(format);
    Random random = new Random(20261202L);

    for (int turn = 0; turn < 4; turn++) {
      paimonWrites(operations(random, 24));
      lakeopsWrites(operations(random, 24));
    }
    assertThat(bucketsOfPartition())
        .allSatisfy((p, buckets) -> assertThat(buckets).hasSizeGreaterThan(2));

    ours.compact(LAKEOPS, PartitionFilter.all(), CompactionMode.FULL);
    assertThat(ours.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(liveFiles()).allMatch(e -> e.level() == 5);
    check("after lakeops fully compacted Paimon's and its own files");

    paimonWrites(operations(random, 18));
    lakeopsWrites(operations(random, 18));
    paimonFullCompacts();
    assertThat(liveFiles()).allMatch(e -> e.level() == 5);
    check("after Paimon fully compacted lakeops' and its own files");

    lakeopsWrites(operations(random, 18));
    paimonWrites(operations(random, 18));
    ours.compact(LAKEOPS, PartitionFilter.all(), CompactionMode.FULL);
    check("after lakeops compacted again");
  }

  @Test
  void aTruncatedPaimonIndexFileFailsLakeopsWriteAndNothingCommittedChanges() throws Exception {
    createTable("avro");
    paimonWrites(operations(new Random(5), 30));
    Snapshot before = ours.latestSnapshot().orElseThrow();
    List<String> rowsBefore = PaimonReads.read(theirs, Map.of(), rowType);
    IndexManifestEntry entry =
        ours.snapshotFiles().manifests().readIndexManifest(before.indexManifest()).get(0);
    Path file = ours.paths().indexFile(entry.fileName());
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, bytes.length - 2));
    String dt = partitionValue(entry.partition());

    try (TableWrite write = ours.newWrite(LAKEOPS)) {
      assertThatThrownBy(() -> write.write(Row.of(dt, 1, "x", 1.0)))
          .isInstanceOf(CorruptIndexFileException.class)
          .hasMessageContaining("table t")
          .hasMessageContaining(entry.fileName())
          .hasMessageContaining("truncated");
    }
    assertThat(ours.refresh().latestSnapshot().orElseThrow()).isEqualTo(before);
    assertThat(PaimonReads.read(theirs, Map.of(), rowType)).isEqualTo(rowsBefore);
  }

  private void createTable(String format) throws Exception {
    Options options = new Options();
    options.set("warehouse", warehouse.toUri().toString());
    options.set("cache-enabled", "false");
    Catalog catalog = CatalogFactory.createCatalog(CatalogContext.create(options));
    catalog.createDatabase("db", true);
    catalog.createTable(
        Identifier.create("db", "t"),
        Schema.newBuilder()
            .column("dt", DataTypes.STRING())
            .column("id", DataTypes.INT())
            .column("name", DataTypes.STRING())
            .column("price", DataTypes.DOUBLE())
            .partitionKeys("dt")
            .primaryKey("dt", "id")
            .option("dynamic-bucket.target-row-num", Long.toString(TARGET))
            .option("file.format", format)
            .build(),
        false);
    theirs = (FileStoreTable) catalog.getTable(Identifier.create("db", "t"));
    ours = Table.load(new LocalFileIO(), warehouse.resolve("db.db").resolve("t"));
    assertThat(ours.schema().numBuckets())
        .as("Paimon's default for a primary-key table")
        .isEqualTo(-1);
    rowType = DataFileValues.fromPaimon(theirs.rowType());
  }

  // upserts and deletes of ids 1..40 in the three partitions: mostly keys seen before, some new
  private List<Row> operations(Random random, int count) {
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String dt = PARTITIONS.get(random.nextInt(PARTITIONS.size()));
      int id = 1 + random.nextInt(40);
      if (random.nextInt(6) == 0) {
        rows.add(Row.ofKind(RowKind.DELETE, dt, id, null, null));
      } else {
        rows.add(Row.of(dt, id, "v" + random.nextInt(1000), random.nextInt(100) / 4.0));
      }
    }
    return rows;
  }

  private void lakeopsWrites(List<Row> rows) {
    long identifier = ++lakeopsIdentifier;
    try (TableWrite write = ours.newWrite(LAKEOPS)) {
      rows.forEach(write::write);
      ours.newCommit().commit(write.prepareCommit(identifier));
    }
    apply(rows);
    check("after lakeops commit " + identifier);
  }

  private void paimonWrites(List<Row> rows) throws Exception {
    long identifier = ++paimonIdentifier;
    FileStoreTable table = theirs;
    HashBucketAssigner assigner =
        new HashBucketAssigner(
            table.snapshotManager(),
            PAIMON,
            table.store().newIndexFileHandler(),
            1,
            1,
            0,
            TARGET,
            -1);
    RowKeyExtractor keys = table.createRowKeyExtractor();
    try (TableWriteImpl<?> write =
            table
                .newWrite(PAIMON)
                .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
        TableCommitImpl commit = table.newCommit(PAIMON)) {
      for (Row row : rows) {
        GenericRow paimonRow = DataFileValues.toPaimon(row, rowType);
        keys.setRecord(paimonRow);
        int bucket = assigner.assign(keys.partition(), keys.trimmedPrimaryKey().hashCode());
        write.write(paimonRow, bucket);
      }
      assigner.prepareCommit(identifier);
      commit.commit(identifier, write.prepareCommit(false, identifier));
    }
    apply(rows);
    check("after Paimon commit " + identifier);
  }

  private void paimonFullCompacts() throws Exception {
    long identifier = ++paimonIdentifier;
    try (TableWriteImpl<?> write =
            theirs
                .newWrite(PAIMON)
                .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
        TableCommitImpl commit = theirs.newCommit(PAIMON)) {
      for (Map.Entry<String, Set<Integer>> p : bucketsOfPartition().entrySet()) {
        BinaryRow partition = PaimonWarehouse.partition(p.getKey());
        for (int bucket : p.getValue()) {
          write.compact(partition, bucket, true);
        }
      }
      commit.commit(identifier, write.prepareCommit(true, identifier));
    }
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
    Snapshot latest = ours.refresh().latestSnapshot().orElseThrow();
    return ours.snapshotFiles().liveFiles(latest).files();
  }

  // partition value -> buckets with data files
  private Map<String, Set<Integer>> bucketsOfPartition() {
    Map<String, Set<Integer>> out = new TreeMap<>();
    for (ManifestEntry e : liveFiles()) {
      out.computeIfAbsent(partitionValue(e.partition()), k -> new HashSet<>()).add(e.bucket());
    }
    return out;
  }

  private String partitionValue(dev.lakeops.table.meta.BinaryRow partition) {
    return ours.locator().partitionPath(partition).substring("dt=".length());
  }

  private void check(String when) {
    Snapshot latest = ours.refresh().latestSnapshot().orElseThrow();
    assertThat(liveFiles()).as("total buckets, %s", when).allMatch(e -> e.totalBuckets() == -1);

    // the index: one file per (partition, bucket), written as Paimon writes them, no hash twice
    HashIndex index = HashIndex.of(ours.store(), java.util.Optional.of(latest));
    Map<String, Map<Integer, Integer>> bucketOfHash = new HashMap<>();
    List<IndexManifestEntry> entries =
        ours.snapshotFiles().manifests().readIndexManifest(latest.indexManifest());
    for (IndexManifestEntry e : entries) {
      assertThat(e.indexType()).isEqualTo("HASH");
      assertThat(e.fileName()).matches("index-[0-9a-f-]{36}-\\d+");
      assertThat(ours.paths().indexFile(e.fileName())).exists();
      int[] hashes = HashIndexFile.read(ours.store(), e);
      assertThat(e.rowCount()).isEqualTo(hashes.length);
      assertThat(e.fileSize()).isEqualTo(hashes.length * 4L);
      Map<Integer, Integer> ofPartition =
          bucketOfHash.computeIfAbsent(partitionValue(e.partition()), k -> new HashMap<>());
      for (int h : hashes) {
        Integer other = ofPartition.put(h, e.bucket());
        assertThat(other)
            .as(
                "%s: hash %s of partition %s in buckets %s and %s",
                when, h, e.partition(), other, e.bucket())
            .isNull();
      }
      assertThat(index.ofBucket(e.partition(), e.bucket())).contains(e);
    }

    // the data: each live key in one bucket, the one whose index file holds its hash
    ScanPlan plan = ours.newScan().plan();
    Map<String, Integer> bucketOfKey = new HashMap<>();
    for (DataSplit split : plan.splits()) {
      String dt = partitionValue(split.partition());
      for (Row row : ours.newRead().readAll(new ScanPlan(plan.snapshot(), List.of(split)))) {
        String key = row.get(0) + "|" + row.get(1);
        Integer other = bucketOfKey.put(key, split.bucket());
        assertThat(other)
            .as("%s: key %s in buckets %s and %s", when, key, other, split.bucket())
            .isNull();
        int hash =
            dev.lakeops.table.bucket.BucketFunction.hash(
                dev.lakeops.table.meta.BinaryRowCodec.encode(
                    ours.schema().trimmedPrimaryKeyType(), Row.of(row.get(1))));
        assertThat(bucketOfHash.getOrDefault(dt, Map.of()).get(hash))
            .as("%s: bucket of key %s in the index", when, key)
            .isEqualTo(split.bucket());
      }
    }

    List<String> want = PaimonReads.canonical(new ArrayList<>(expected.values()));
    try {
      assertThat(PaimonReads.read(theirs, Map.of(), rowType))
          .as("Paimon reads, %s", when)
          .isEqualTo(want);
    } catch (Exception e) {
      throw new AssertionError("Paimon read failed " + when, e);
    }
    assertThat(PaimonReads.canonical(ours.newRead().readAll(ours.newScan().plan())))
        .as("lakeops reads, %s", when)
        .isEqualTo(want);
  }
}
