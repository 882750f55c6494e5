package dev.lakeops.table.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.disk.IOManager;
import org.apache.paimon.io.CompactIncrement;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.io.DataIncrement;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.sink.CommitMessageImpl;
import org.apache.paimon.table.sink.TableCommitImpl;
import org.apache.paimon.table.sink.TableWriteImpl;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A postpone-bucket table ({@code bucket=-2}) written by Paimon 1.3.1: lakeops reads what Paimon's
 * batch read returns at each step, before its compaction (nothing: the rows wait in {@code
 * bucket-postpone}), after it (the rows, now in real buckets) and after more postpone writes (the
 * compacted state only). lakeops refuses to write the table.
 *
 * <p>Paimon's postpone compaction is a Flink job ({@code CompactAction}); this test does what that
 * job does with Paimon's own classes: read the {@code bucket-postpone} files, write their rows with
 * a copy of the table at {@code postpone.default-bucket-num} buckets, and commit one COMPACT
 * snapshot whose compaction moves the files from the postpone bucket into the real ones.
 */
class PostponeBucketCompatTest {

  private static final String USER = "paimon-writer";
  private static final int BUCKETS = 2;

  @TempDir Path warehouse;

  private FileStoreTable theirs;
  private Table ours;
  private RowType rowType;
  private long identifier;

  @Test
  void lakeopsReadsWhatPaimonReadsBeforeAndAfterPostponeCompaction() throws Exception {
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
            .option("bucket", "-2")
            .option("file.format", "avro")
            .build(),
        false);
    theirs = (FileStoreTable) catalog.getTable(Identifier.create("db", "t"));
    ours = Table.load(new LocalFileIO(), warehouse.resolve("db.db").resolve("t"));
    rowType = DataFileValues.fromPaimon(theirs.rowType());

    paimonWrites(
        List.of(
            Row.of("2024-01-01", 1, "a", 1.0),
            Row.of("2024-01-01", 2, "b", 2.0),
            Row.of("2024-01-02", 3, "c", 3.0)));
    paimonWrites(List.of(Row.of("2024-01-02", 4, "d", 4.0), Row.of("2024-01-01", 5, "e", 5.0)));
    assertThat(liveFiles()).isNotEmpty().allMatch(e -> e.bucket() == -2);
    assertThat(paimonRows()).as("Paimon reads nothing before compaction").isEmpty();
    assertSameRows("before compaction");

    compactPostponeBucket();
    assertThat(liveFiles())
        .isNotEmpty()
        .allMatch(e -> e.bucket() >= 0 && e.totalBuckets() == BUCKETS);
    assertThat(paimonRows()).hasSize(5);
    assertSameRows("after compaction");

    paimonWrites(
        List.of(Row.of("2024-01-01", 1, "a-updated", 1.5), Row.of("2024-01-03", 9, "z", 9.0)));
    assertThat(paimonRows())
        .as("rows written after compaction wait in bucket-postpone")
        .hasSize(5)
        .noneMatch(r -> r.contains("a-updated"));
    assertSameRows("after more postpone writes");

    assertThatThrownBy(() -> ours.newWrite("lakeops"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("table t ")
        .hasMessageContaining("bucket=-2 (postpone bucket mode)");
  }

  private void paimonWrites(List<Row> rows) throws Exception {
    long id = ++identifier;
    try (TableWriteImpl<?> write = newWrite(theirs);
        TableCommitImpl commit = theirs.newCommit(USER)) {
      for (Row row : rows) {
        write.write(DataFileValues.toPaimon(row, rowType));
      }
      commit.commit(id, write.prepareCommit(false, id));
    }
  }

  private TableWriteImpl<?> newWrite(FileStoreTable table) {
    return table.newWrite(USER).withIOManager(IOManager.create(warehouse.resolve("io").toString()));
  }

  // what CompactAction#buildForPostponeBucketCompaction runs: per partition, the postpone files'
  // rows are written through a fixed-bucket copy of the table; the new files become the
  // compaction's output and the postpone files its input
  private void compactPostponeBucket() throws Exception {
    long id = ++identifier;
    Map<String, String> fixed = new HashMap<>(theirs.options());
    fixed.put("bucket", Integer.toString(BUCKETS));
    FileStoreTable real = theirs.copy(theirs.schema().copy(fixed));
    List<DataSplit> postponed = real.newSnapshotReader().withBucket(-2).read().dataSplits();
    assertThat(postponed).isNotEmpty();
    List<CommitMessage> messages = new ArrayList<>();
    try (TableWriteImpl<?> write = newWrite(real)) {
      for (DataSplit split : postponed) {
        try (RecordReader<InternalRow> reader = real.newRead().createReader(split)) {
          reader.forEachRemaining(
              row -> {
                try {
                  write.write(row);
                } catch (Exception e) {
                  throw new RuntimeException(e);
                }
              });
        }
        messages.add(
            new CommitMessageImpl(
                split.partition(),
                split.bucket(),
                split.totalBuckets(),
                DataIncrement.emptyIncrement(),
                new CompactIncrement(split.dataFiles(), List.of(), List.of())));
      }
      for (CommitMessage m : write.prepareCommit(true, id)) {
        CommitMessageImpl written = (CommitMessageImpl) m;
        List<DataFileMeta> after = new ArrayList<>(written.newFilesIncrement().newFiles());
        after.addAll(written.compactIncrement().compactAfter());
        messages.add(
            new CommitMessageImpl(
                written.partition(),
                written.bucket(),
                written.totalBuckets(),
                DataIncrement.emptyIncrement(),
                new CompactIncrement(
                    written.compactIncrement().compactBefore(), after, List.of())));
      }
    }
    try (TableCommitImpl commit = real.newCommit(USER)) {
      commit.commit(id, messages);
    }
  }

  private List<ManifestEntry> liveFiles() {
    return ours.snapshotFiles().liveFiles(ours.latestSnapshot().orElseThrow()).files();
  }

  private List<String> paimonRows() throws Exception {
    return PaimonReads.read(theirs, Map.of(), rowType);
  }

  private void assertSameRows(String when) throws Exception {
    assertThat(PaimonReads.canonical(ours.newRead().readAll(ours.newScan().plan())))
        .as("lakeops reads what Paimon reads, %s", when)
        .isEqualTo(paimonRows());
  }
}
