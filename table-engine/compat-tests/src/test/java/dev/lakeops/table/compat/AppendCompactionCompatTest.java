package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.read.DataSplit;
import dev.lakeops.table.read.ScanPlan;
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
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compaction of append tables across the engines, against Paimon 1.3.1: Paimon reads what lakeops
 * compacted with the same rows in the same order per (partition, bucket); lakeops compacts files
 * Paimon wrote; and both write, and compact, one fixed-bucket append table in turns (Paimon's
 * writer compacting on its own as well), the two reads equal after every commit.
 */
class AppendCompactionCompatTest {

  private static final String LAKEOPS = "lakeops-writer";
  private static final String PAIMON = "paimon-writer";
  private static final List<String> DAYS = List.of("2024-01-01", "2024-01-02");

  @TempDir Path warehouse;

  private Table ours;
  private FileStoreTable theirs;
  private RowType rowType;

  /** {@code dt STRING, id BIGINT, msg STRING} partitioned by dt; {@code bucket} as given. */
  private void create(String format, Map<String, String> options) throws Exception {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabase("db");
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("msg", AtomicType.string())
            .partitionKeys("dt")
            .option("file.format", format);
    options.forEach(b::option);
    ours = catalog.createTable(Identifier.of("db", "log"), b.build());
    Options paimonOptions = new Options();
    paimonOptions.set("warehouse", warehouse.toUri().toString());
    theirs =
        (FileStoreTable)
            CatalogFactory.createCatalog(CatalogContext.create(paimonOptions))
                .getTable(org.apache.paimon.catalog.Identifier.create("db", "log"));
    rowType = DataFileValues.fromPaimon(theirs.rowType());
  }

  private static Row row(long id) {
    return Row.of(DAYS.get((int) (id % 2)), id, "message " + id);
  }

  private void lakeopsWrites(long identifier, long from, long to) {
    try (TableWrite write = ours.newWrite(LAKEOPS)) {
      for (long id = from; id < to; id++) {
        write.write(row(id));
      }
      ours.newCommit().commit(write.prepareCommit(identifier));
    }
  }

  private void paimonWrites(long identifier, long from, long to, boolean fullCompact)
      throws Exception {
    try (TableWriteImpl<?> write =
            theirs
                .newWrite(PAIMON)
                .withIOManager(IOManager.create(warehouse.resolve("io").toString()));
        TableCommitImpl commit = theirs.newCommit(PAIMON)) {
      for (long id = from; id < to; id++) {
        write.write(DataFileValues.toPaimon(row(id), rowType));
      }
      if (fullCompact) {
        for (String dt : DAYS) {
          for (int bucket = 0; bucket < theirs.coreOptions().bucket(); bucket++) {
            write.compact(PaimonWarehouse.partition(dt), bucket, true);
          }
        }
      }
      commit.commit(identifier, write.prepareCommit(true, identifier));
    }
  }

  /** Paimon's read, split by split: the rows of each (partition, bucket) in the order read. */
  private Map<String, List<String>> paimonRowsByBucket() throws Exception {
    FileStoreTable latest = theirs.copyWithLatestSchema();
    ReadBuilder builder = latest.newReadBuilder();
    Map<String, List<String>> rows = new TreeMap<>();
    for (Split split : builder.newScan().plan().splits()) {
      var data = (org.apache.paimon.table.source.DataSplit) split;
      try (RecordReader<InternalRow> reader = builder.newRead().createReader(split)) {
        List<String> into =
            rows.computeIfAbsent(
                data.partition().getString(0) + "/" + data.bucket(), k -> new ArrayList<>());
        reader.forEachRemaining(r -> into.add(DataFileValues.fromPaimon(r, rowType).toString()));
      }
    }
    return rows;
  }

  /** lakeops' read, split by split, keyed as {@link #paimonRowsByBucket}. */
  private Map<String, List<String>> lakeopsRowsByBucket() {
    ScanPlan plan = ours.newScan().plan();
    Map<String, List<String>> rows = new TreeMap<>();
    for (DataSplit split : plan.splits()) {
      String partition =
          String.valueOf(
              BinaryRowCodec.decode(ours.schema().partitionType(), split.partition()).get(0));
      List<String> into =
          rows.computeIfAbsent(partition + "/" + split.bucket(), k -> new ArrayList<>());
      for (Row r : ours.newRead().readAll(new ScanPlan(plan.snapshot(), List.of(split)))) {
        into.add(r.toString());
      }
    }
    return rows;
  }

  /** The rows lakeops reads, per (partition, bucket) in id order: the order they were written. */
  private Map<String, List<String>> inIdOrder(Map<String, List<String>> rows, long rowsWritten) {
    Map<String, List<String>> sorted = new TreeMap<>();
    rows.forEach((bucket, list) -> sorted.put(bucket, list.stream().sorted(BY_ID).toList()));
    assertThat(rows.values().stream().mapToLong(List::size).sum())
        .as("rows written")
        .isEqualTo(rowsWritten);
    return sorted;
  }

  // "+I[2024-01-01, 17, message 17]" by 17
  private static final java.util.Comparator<String> BY_ID =
      java.util.Comparator.comparingLong(s -> Long.parseLong(s.split(", ")[1]));

  private void assertSameRowsInOrder(long rowsWritten, String when) throws Exception {
    Map<String, List<String>> read = lakeopsRowsByBucket();
    Map<String, List<String>> want = inIdOrder(read, rowsWritten);
    assertThat(read).as("lakeops reads in id order, %s", when).isEqualTo(want);
    assertThat(paimonRowsByBucket()).as("Paimon reads, %s", when).isEqualTo(want);
  }

  private List<ManifestEntry> liveFiles() {
    return ours.snapshotFiles().liveFiles(ours.latestSnapshot().orElseThrow()).files();
  }

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void paimonReadsWhatLakeopsCompactedInABucketUnawareTable(String format) throws Exception {
    create(format, Map.of());
    for (int c = 0; c < 6; c++) {
      lakeopsWrites(c + 1, c * 10L, c * 10L + 10);
      assertSameRowsInOrder(c * 10L + 10, "after lakeops commit " + (c + 1));
    }
    assertThat(liveFiles()).hasSize(12);

    CompactionReport report =
        ours.compact(LAKEOPS, PartitionFilter.all(), CompactionMode.UNIVERSAL);

    assertThat(report.snapshot().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(liveFiles()).hasSize(2).allMatch(e -> e.file().fileSource() == FileSource.COMPACT);
    assertThat(liveFiles()).allMatch(e -> e.totalBuckets() == -1 && e.bucket() == 0);
    assertSameRowsInOrder(60, "after lakeops compacted");

    // Paimon appends after the compaction; its new files read after the compacted rows
    paimonWrites(1, 60, 70, false);
    lakeopsWrites(7, 70, 80);
    assertThat(paimonRowsByBucket().values().stream().mapToLong(List::size).sum()).isEqualTo(80);
    assertThat(PaimonReads.read(theirs, Map.of(), rowType))
        .isEqualTo(PaimonReads.canonical(ours.newRead().readAll(ours.newScan().plan())));
  }

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void lakeopsCompactsABucketUnawareTablePaimonWrote(String format) throws Exception {
    create(format, Map.of());
    for (int c = 0; c < 5; c++) {
      paimonWrites(c + 1, c * 10L, c * 10L + 10, false);
    }
    List<String> before = PaimonReads.read(theirs, Map.of(), rowType);
    assertThat(liveFiles()).hasSize(10);

    ours.compact(LAKEOPS, PartitionFilter.all(), CompactionMode.FULL);

    assertThat(liveFiles()).hasSize(2);
    assertThat(PaimonReads.read(theirs, Map.of(), rowType)).as("Paimon reads").isEqualTo(before);
    assertThat(PaimonReads.canonical(ours.newRead().readAll(ours.newScan().plan())))
        .as("lakeops reads")
        .isEqualTo(before);
    paimonWrites(6, 50, 60, false);
    assertThat(PaimonReads.read(theirs, Map.of(), rowType)).hasSize(60);
  }

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void bothEnginesWriteAndCompactOneFixedBucketAppendTableInTurns(String format) throws Exception {
    create(format, Map.of("bucket", "2", "bucket-key", "id"));
    long next = 0;
    long identifier = 0;
    // each engine's writer compacts a bucket by itself once it holds five small files
    for (int turn = 0; turn < 4; turn++) {
      lakeopsWrites(++identifier, next, next + 8);
      next += 8;
      assertSameRowsInOrder(next, "after lakeops commit " + identifier);
      paimonWrites(++identifier, next, next + 8, false);
      next += 8;
      assertSameRowsInOrder(next, "after Paimon commit " + identifier);
    }
    assertThat(liveFiles())
        .as("the writers' own compactions")
        .anyMatch(e -> e.file().fileSource() == FileSource.COMPACT);

    int filesBefore = liveFiles().size();
    CompactionReport report = ours.compact(LAKEOPS, PartitionFilter.all(), CompactionMode.FULL);
    assertThat(report.filesBefore()).isPositive();
    assertThat(liveFiles()).hasSizeLessThan(filesBefore);
    assertSameRowsInOrder(next, "after lakeops full-compacted");

    lakeopsWrites(++identifier, next, next + 8);
    next += 8;
    paimonWrites(++identifier, next, next + 8, true);
    next += 8;
    assertSameRowsInOrder(next, "after Paimon full-compacted lakeops' files");
  }
}
