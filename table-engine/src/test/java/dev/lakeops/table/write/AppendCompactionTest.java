package dev.lakeops.table.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.format.CorruptDataFileException;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compaction of append tables: small files merged in sequence order into COMPACT files, the rows in
 * the order they were read before, for bucket-unaware partitions and fixed buckets; refused where
 * it cannot be done correctly.
 */
class AppendCompactionTest {

  @TempDir Path dir;

  private Table log(Map<String, String> options) {
    return TestTables.log(TestTables.warehouse(dir), "log", options);
  }

  private Table keyedLog(Map<String, String> options) {
    TableDefinition.Builder b =
        TableDefinition.builder()
            .column("id", AtomicType.of(TypeRoot.BIGINT))
            .column("msg", AtomicType.string())
            .option("bucket", "2")
            .option("bucket-key", "id")
            .option("file.format", "parquet");
    options.forEach(b::option);
    return TestTables.warehouse(dir).createTable(Identifier.of("db", "keyed"), b.build());
  }

  /** Commits {@code count} rows numbered from {@code first}, one writer, one commit. */
  private static List<Snapshot> commit(Table t, long identifier, long first, int count) {
    try (TableWrite w = t.newWrite("writer")) {
      for (long id = first; id < first + count; id++) {
        w.write(Row.of(id, "m" + id));
      }
      return t.newCommit().commit(w.prepareCommit(identifier)).snapshots();
    }
  }

  private static List<Row> readInOrder(Table t) {
    return t.newRead().readAll(t.newScan().plan());
  }

  private static List<DataFileMeta> liveFiles(Table t) {
    return t.snapshotFiles().liveFiles(t.latestSnapshot().orElseThrow()).files().stream()
        .map(ManifestEntry::file)
        .toList();
  }

  private static List<String> tree(Path root) throws Exception {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString())
          .sorted()
          .toList();
    }
  }

  @Test
  void aFullCompactionOfABucketUnawareTableMergesItsFilesKeepingTheRowOrder() {
    Table t = log(Map.of());
    for (int c = 0; c < 6; c++) {
      commit(t, c + 1, c * 3L, 3);
    }
    List<Row> before = readInOrder(t);
    assertThat(liveFiles(t)).hasSize(6);

    CompactionReport report = t.compact("compactor", PartitionFilter.all(), CompactionMode.FULL);

    assertThat(report.snapshot().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(report.filesBefore()).isEqualTo(6);
    assertThat(report.filesAfter()).isEqualTo(1);
    DataFileMeta merged = liveFiles(t).get(0);
    assertThat(liveFiles(t)).hasSize(1);
    assertThat(merged.fileSource()).isEqualTo(FileSource.COMPACT);
    assertThat(merged.level()).isZero();
    assertThat(merged.minSequenceNumber()).isZero();
    assertThat(merged.maxSequenceNumber()).isEqualTo(17);
    assertThat(merged.rowCount()).isEqualTo(18);
    assertThat(readInOrder(t)).isEqualTo(before);
    assertThat(before.get(0)).isEqualTo(Row.of(0L, "m0"));

    // appends after the compaction go after its rows
    commit(t, 7, 100, 2);
    assertThat(readInOrder(t).subList(18, 20))
        .containsExactly(Row.of(100L, "m100"), Row.of(101L, "m101"));
    assertThat(liveFiles(t).get(1).minSequenceNumber()).isEqualTo(18);
  }

  @Test
  void aUniversalCompactionWaitsForTheMinimumNumberOfSmallFiles() {
    Table t = log(Map.of("compaction.min.file-num", "4"));
    for (int c = 0; c < 3; c++) {
      commit(t, c + 1, c * 2L, 2);
    }
    CompactionReport nothing =
        t.compact("compactor", PartitionFilter.all(), CompactionMode.UNIVERSAL);
    assertThat(nothing.findSnapshot()).isEmpty();
    assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(3);

    commit(t, 4, 6, 2);
    List<Row> before = readInOrder(t);
    CompactionReport report =
        t.compact("compactor", PartitionFilter.all(), CompactionMode.UNIVERSAL);

    assertThat(report.filesBefore()).isEqualTo(4);
    assertThat(liveFiles(t)).hasSize(1);
    assertThat(readInOrder(t)).isEqualTo(before);
  }

  @Test
  void largeFilesAreLeftAloneAndSequenceNumbersStayDense() {
    Table t = log(Map.of("target-file-size", "2 kb", "file.compression", "none"));
    commit(t, 1, 0, 300); // one file above the target
    for (int c = 0; c < 5; c++) {
      commit(t, c + 2, 1000 + c * 40L, 40);
    }
    DataFileMeta large = liveFiles(t).get(0);
    assertThat(large.fileSize()).isGreaterThanOrEqualTo(2048);
    assertThat(liveFiles(t)).hasSize(6);
    List<Row> before = readInOrder(t);

    t.compact("compactor", PartitionFilter.all(), CompactionMode.FULL);

    List<DataFileMeta> after = liveFiles(t);
    assertThat(after).contains(large);
    assertThat(after).as("the five small files merged into one").hasSize(2);
    assertThat(after.stream().filter(f -> f.fileSource() == FileSource.COMPACT).count())
        .isPositive();
    assertThat(readInOrder(t)).isEqualTo(before);
    long[] previousMax = {-1};
    after.stream()
        .sorted(java.util.Comparator.comparingLong(DataFileMeta::minSequenceNumber))
        .forEach(
            f -> {
              assertThat(f.minSequenceNumber()).isEqualTo(previousMax[0] + 1);
              previousMax[0] = f.maxSequenceNumber();
            });
  }

  @Test
  void aFixedBucketWriterCompactsAtTheCommitThatBringsTheFifthSmallFile() {
    Table t = keyedLog(Map.of());
    for (int c = 1; c <= 4; c++) {
      assertThat(commit(t, c, c * 10L, 6)).hasSize(1);
    }
    List<Row> beforeByBucket = readInOrder(t);

    List<Snapshot> fifth = commit(t, 5, 50, 6);

    assertThat(fifth)
        .extracting(Snapshot::commitKind)
        .containsExactly(CommitKind.APPEND, CommitKind.COMPACT);
    List<Row> after = readInOrder(t);
    assertThat(after).hasSize(30);
    assertThat(after).containsAll(beforeByBucket);
    // within each bucket the ids keep their commit order
    Map<Integer, List<Long>> byBucket = new HashMap<>();
    for (var split : t.newScan().plan().splits()) {
      List<Long> ids = new ArrayList<>();
      t.newRead()
          .readAll(
              new dev.lakeops.table.read.ScanPlan(t.latestSnapshot().orElseThrow(), List.of(split)))
          .forEach(r -> ids.add((Long) r.get(0)));
      byBucket.put(split.bucket(), ids);
      assertThat(ids).isSorted();
      assertThat(split.files()).hasSize(1);
    }
    assertThat(byBucket).hasSize(2);
  }

  @Test
  void aWriteOnlyWriterNeverCompacts() {
    Table t = keyedLog(Map.of("write-only", "true"));
    for (int c = 1; c <= 6; c++) {
      assertThat(commit(t, c, c * 10L, 6))
          .extracting(Snapshot::commitKind)
          .containsExactly(CommitKind.APPEND);
    }
    assertThat(liveFiles(t)).hasSize(12);
    // an explicit compaction still does
    t.compact("compactor", PartitionFilter.all(), CompactionMode.UNIVERSAL);
    assertThat(liveFiles(t)).hasSize(4);
  }

  @Test
  void progressCountsEveryInputFileAndEndsWithTheTotals() {
    Table t = keyedLog(Map.of("write-only", "true"));
    for (int c = 1; c <= 5; c++) {
      commit(t, c, c * 10L, 6);
    }
    List<CompactionProgress> reports = new ArrayList<>();
    long liveBytes = liveFiles(t).stream().mapToLong(DataFileMeta::fileSize).sum();

    CompactionReport report =
        t.compact("compactor", PartitionFilter.all(), CompactionMode.FULL, reports::add);

    CompactionProgress first = reports.get(0);
    CompactionProgress last = reports.get(reports.size() - 1);
    assertThat(first.filesDone()).isZero();
    assertThat(first.bucketsTotal()).isEqualTo(2);
    assertThat(first.filesTotal()).isEqualTo(report.filesBefore()).isEqualTo(10);
    assertThat(first.bytesTotal()).isEqualTo(liveBytes);
    assertThat(last.isDone()).isTrue();
    assertThat(last.filesDone()).isEqualTo(10);
    assertThat(last.bytesDone()).isEqualTo(last.bytesTotal());
    assertThat(reports).hasSizeGreaterThan(10); // one per file, one per bucket, the first
    for (int i = 1; i < reports.size(); i++) {
      assertThat(reports.get(i).bytesDone()).isGreaterThanOrEqualTo(reports.get(i - 1).bytesDone());
    }
  }

  @Test
  void aListenerThatThrowsAbortsTheCompactionAndNothingIsCommitted() throws Exception {
    Table t = log(Map.of());
    for (int c = 0; c < 5; c++) {
      commit(t, c + 1, c * 3L, 3);
    }
    List<String> before = tree(dir);

    assertThatThrownBy(
            () ->
                t.compact(
                    "compactor",
                    PartitionFilter.all(),
                    CompactionMode.FULL,
                    p -> {
                      if (p.filesDone() == 3) {
                        throw new IllegalStateException("cancelled");
                      }
                    }))
        .hasMessage("cancelled");

    assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(5);
    assertThat(tree(dir)).isEqualTo(before);
  }

  @Test
  void aCorruptInputFailsNamingTheFileAndCommitsNothing() throws Exception {
    Table t = log(Map.of());
    for (int c = 0; c < 5; c++) {
      commit(t, c + 1, c * 3L, 3);
    }
    DataFileMeta victim = liveFiles(t).get(2);
    Path path = t.locator().file(dev.lakeops.table.meta.BinaryRow.EMPTY, 0, victim.fileName());
    Files.write(path, new byte[] {1, 2, 3, 4});
    List<String> before = tree(dir);

    assertThatThrownBy(() -> t.compact("compactor", PartitionFilter.all(), CompactionMode.FULL))
        .isInstanceOf(CorruptDataFileException.class)
        .hasMessageContaining(victim.fileName());

    assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(5);
    assertThat(tree(dir)).isEqualTo(before);
  }

  @Test
  void refusesAnAppendTableWithDeletionVectorsNamingTableAndOption() {
    Table t = log(Map.of("deletion-vectors.enabled", "true"));
    for (int c = 0; c < 5; c++) {
      commit(t, c + 1, c * 3L, 3);
    }

    assertThatThrownBy(() -> t.compact("compactor", PartitionFilter.all(), CompactionMode.FULL))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("log")
        .hasMessageContaining("deletion-vectors.enabled");
    assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(5);
    try (TableWrite w = t.newWrite("w")) {
      assertThatThrownBy(() -> w.fullCompact(dev.lakeops.table.meta.BinaryRow.EMPTY, 0))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("deletion-vectors.enabled");
      ChangeSet nothing = w.prepareCommit(6);
      assertThat(nothing.isEmpty()).isTrue();
    }
  }
}
