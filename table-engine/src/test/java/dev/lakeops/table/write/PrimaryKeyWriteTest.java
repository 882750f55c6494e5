package dev.lakeops.table.write;

import static dev.lakeops.table.catalog.TestTables.commit;
import static dev.lakeops.table.catalog.TestTables.order;
import static dev.lakeops.table.catalog.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.BucketChange;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrimaryKeyWriteTest {

  @TempDir Path dir;

  private Table table(Map<String, String> options) {
    Catalog catalog = TestTables.warehouse(dir.resolve("wh"));
    return TestTables.orders(catalog, "orders", options);
  }

  @Test
  void readsBackWhatItWrote() {
    Table table = table(Map.of());
    commit(
        table,
        1,
        List.of(order("d1", 1, "a", 1.0), order("d2", 2, "b", 2.0), order("d1", 3, null, null)));

    assertThat(readAll(table))
        .containsExactly(
            order("d1", 1, "a", 1.0), order("d1", 3, null, null), order("d2", 2, "b", 2.0));
  }

  @Test
  void laterWritesOfAKeyWinAndDeletesRemoveIt() {
    Table table = table(Map.of());
    commit(
        table,
        1,
        List.of(order("d1", 1, "a", 1.0), order("d1", 2, "b", 2.0), order("d1", 3, "c", 3.0)));
    commit(
        table,
        2,
        List.of(
            order("d1", 1, "a2", 1.5),
            Row.ofKind(RowKind.DELETE, "d1", 2, null, null),
            order("d1", 3, "c2", 3.5),
            order("d1", 3, "c3", 3.75)));

    assertThat(readAll(table))
        .containsExactly(order("d1", 1, "a2", 1.5), order("d1", 3, "c3", 3.75));
  }

  @Test
  void aLevelZeroFileHoldsOneRowPerKeyWithTheDeleteKept() {
    Table table = table(Map.of());
    try (TableWrite write = table.newWrite("u")) {
      write.write(order("d1", 1, "a", 1.0));
      write.write(order("d1", 1, "b", 2.0));
      write.write(Row.ofKind(RowKind.DELETE, "d1", 2, null, null));
      ChangeSet changes = write.prepareCommit(1);

      assertThat(changes.changes()).hasSize(1);
      DataFileMeta file = changes.changes().get(0).newFiles().get(0);
      assertThat(file.rowCount()).isEqualTo(2);
      assertThat(file.deleteRowCount()).isEqualTo(1);
      assertThat(file.level()).isZero();
      assertThat(file.fileSource()).isEqualTo(FileSource.APPEND);
      assertThat(file.minSequenceNumber()).isEqualTo(1);
      assertThat(file.maxSequenceNumber()).isEqualTo(2);
      assertThat(file.schemaId()).isZero();
      assertThat(file.creationTime()).isNotNull();
      assertThat(file.valueStatsCols()).isNull();
    }
  }

  @Test
  void sequenceNumbersContinueFromTheBucketsExistingFiles() {
    Table table = table(Map.of("bucket", "1"));
    commit(table, 1, List.of(order("d1", 1, "a", 1.0), order("d1", 2, "b", 2.0)));
    try (TableWrite write = table.newWrite("other")) {
      write.write(order("d1", 3, "c", 3.0));
      DataFileMeta file = write.prepareCommit(1).changes().get(0).newFiles().get(0);

      assertThat(file.minSequenceNumber()).isEqualTo(2);
    }
  }

  @Test
  void spillsToDiskWithATinyBufferAndStillMergesEveryKey() {
    Table table = table(Map.of("write-buffer-size", "2 kb", "bucket", "1"));
    Random random = new Random(7);
    Map<Integer, Row> expected = new TreeMap<>();
    List<Row> input = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      int id = random.nextInt(500);
      if (random.nextInt(10) == 0) {
        input.add(Row.ofKind(RowKind.DELETE, "d", id, null, null));
        expected.remove(id);
      } else {
        Row row = order("d", id, "v" + i, (double) i);
        input.add(row);
        expected.put(id, row);
      }
    }
    try (TableWrite write = table.newWrite("u")) {
      input.forEach(write::write);
      ChangeSet changes = write.prepareCommit(1);
      table.newCommit().commit(changes);
      DataFileMeta file = changes.changes().get(0).newFiles().get(0);
      assertThat(changes.changes().get(0).newFiles()).hasSize(1);
      assertThat(file.rowCount())
          .as("one row per key after merging the spilled runs")
          .isLessThanOrEqualTo(500);
    }

    assertThat(readAll(table))
        .containsExactlyElementsOf(TestTables.sorted(new ArrayList<>(expected.values())));
  }

  @Test
  void rollsFilesAtTheTargetSize() {
    // Avro counts bytes per block (about 64 KB), so the data spans a few blocks.
    Table table =
        table(Map.of("target-file-size", "16 kb", "bucket", "1", "file.compression", "none"));
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      rows.add(order("d", i, "a-fairly-long-name-to-fill-the-blocks-" + i, i * 1.0));
    }
    Snapshot s = commit(table, 1, rows);

    List<ManifestEntry> files = table.snapshotFiles().liveFiles(s).files();
    assertThat(files.size()).isGreaterThan(1);
    assertThat(readAll(table)).hasSize(4000);
  }

  @Test
  void compactsOnceTheSortedRunsReachTheTrigger() {
    Table table = table(Map.of("bucket", "1", "num-sorted-run.compaction-trigger", "3"));
    Map<Integer, Row> expected = new HashMap<>();
    for (int c = 1; c <= 6; c++) {
      List<Row> rows = new ArrayList<>();
      for (int id = c; id < c + 5; id++) {
        Row row = order("d", id, "c" + c, c * 1.0);
        rows.add(row);
        expected.put(id, row);
      }
      commit(table, c, rows);
    }

    Snapshot latest = table.latestSnapshot().orElseThrow();
    List<ManifestEntry> live = table.snapshotFiles().liveFiles(latest).files();
    assertThat(live.size()).as("compaction keeps the run count below the trigger").isLessThan(6);
    assertThat(live).anyMatch(e -> e.level() > 0);
    assertThat(readAll(table))
        .containsExactlyElementsOf(TestTables.sorted(new ArrayList<>(expected.values())));
  }

  @Test
  void fullCompactionLeavesOneRunInTheHighestLevelWithoutDeletes() {
    Table table = table(Map.of());
    commit(
        table,
        1,
        List.of(order("d1", 1, "a", 1.0), order("d2", 2, "b", 2.0), order("d1", 3, "c", 3.0)));
    commit(
        table,
        2,
        List.of(Row.ofKind(RowKind.DELETE, "d1", 1, null, null), order("d2", 2, "b2", 2.5)));

    CompactionReport report =
        table.compact(
            "compactor", dev.lakeops.table.commit.PartitionFilter.all(), CompactionMode.FULL);

    assertThat(report.snapshot()).isNotNull();
    assertThat(report.snapshot().commitKind()).isEqualTo(dev.lakeops.table.meta.CommitKind.COMPACT);
    List<ManifestEntry> live = table.snapshotFiles().liveFiles(report.snapshot()).files();
    assertThat(live).allMatch(e -> e.level() == 5);
    assertThat(live).allMatch(e -> e.file().deleteRowCount() == 0);
    assertThat(live).anyMatch(e -> e.file().fileSource() == FileSource.COMPACT);
    assertThat(readAll(table)).containsExactly(order("d1", 3, "c", 3.0), order("d2", 2, "b2", 2.5));

    CompactionReport again =
        table.compact(
            "compactor", dev.lakeops.table.commit.PartitionFilter.all(), CompactionMode.FULL);
    assertThat(again.snapshot()).as("a fully compacted table needs nothing").isNull();
  }

  @Test
  void placesRowsInTheBucketOfPaimonsHash() {
    Table table = table(Map.of());
    try (TableWrite write = table.newWrite("u")) {
      for (int id = 1; id <= 4; id++) {
        write.write(order("d", id, "x", 1.0));
      }
      Map<Integer, Long> rowsByBucket = new HashMap<>();
      for (BucketChange c : write.prepareCommit(1).changes()) {
        rowsByBucket.merge(c.bucket(), c.newFiles().get(0).rowCount(), Long::sum);
        assertThat(c.totalBuckets()).isEqualTo(2);
      }
      // paimon-format.md §12: ids 1, 2, 4 hash to bucket 0 and id 3 to bucket 1 (the partition is
      // not part of the key)
      assertThat(rowsByBucket).isEqualTo(Map.of(0, 3L, 1, 1L));
    }
  }

  @Test
  void refusesPostponeBucketPrimaryKeyTables() {
    Table table = table(Map.of("bucket", "-2"));

    assertThatThrownBy(() -> table.newWrite("u"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("table orders ")
        .hasMessageContaining("bucket=-2 (postpone bucket mode)");
  }

  @Test
  void closingWithoutCommitDeletesTheFilesWritten() throws Exception {
    Table table = table(Map.of("bucket", "1"));
    TableWrite write = table.newWrite("u");
    write.write(order("d", 1, "a", 1.0));
    write.compact(
        dev.lakeops.table.meta.BinaryRowCodec.encode(table.schema().partitionType(), Row.of("d")),
        0);
    write.close();

    try (var files = java.nio.file.Files.walk(table.paths().root())) {
      assertThat(files.filter(p -> p.getFileName().toString().startsWith("data-")).toList())
          .isEmpty();
    }
  }
}
