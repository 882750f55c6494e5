package dev.lakeops.table.read;

import static dev.lakeops.table.catalog.TestTables.commit;
import static dev.lakeops.table.catalog.TestTables.order;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.deletion.CorruptDeletionVectorException;
import dev.lakeops.table.deletion.DeletionVector;
import dev.lakeops.table.deletion.DeletionVectorFiles;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.DataFileMeta;
import dev.lakeops.table.meta.FileKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.write.CompactionMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Deletion vectors on read: a hand-made vector index file, named by a hand-made index manifest in a
 * new snapshot, removes exactly the rows at the marked positions of Avro and Parquet data files.
 */
class DeletionVectorReadTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void anAppendTableReadsEveryFileMinusTheMarkedPositions(String format) {
    Table table = TestTables.log(TestTables.warehouse(dir), "log", Map.of("file.format", format));
    List<Row> written = IntStream.range(0, 10).mapToObj(i -> Row.of((long) i, "m" + i)).toList();
    Snapshot before = commit(table, 1, written);
    DataSplit split = table.newScan().plan().splits().get(0);
    DataFileMeta file = split.files().get(0);
    List<Row> inFileOrder = rowsOf(table, split, file);

    Snapshot after =
        publishVectors(table, split, Map.of(file.fileName(), DeletionVector.ofPositions(1, 4, 9)));

    List<Row> expected = new ArrayList<>(inFileOrder);
    for (int position : new int[] {9, 4, 1}) {
      expected.remove(position);
    }
    assertThat(table.newRead().readAll(table.newScan().withSnapshot(after.id()).plan()))
        .containsExactlyElementsOf(expected);
    assertThat(table.newRead().readAll(table.newScan().withSnapshot(before.id()).plan()))
        .hasSize(10);
    ScanPlan plan = table.newScan().plan();
    assertThat(plan.splits().get(0).findDeletionFile(file)).isPresent();
    assertThat(plan.splits().get(0).deletedRowCount()).isEqualTo(3);
  }

  @ParameterizedTest
  @ValueSource(strings = {"avro", "parquet"})
  void aPrimaryKeyTableReadsItsCompactedLevelsMinusTheMarkedPositionsAndNotLevelZero(
      String format) {
    // lakeops refuses to write a primary-key table with deletion vectors on until it writes them
    // as Paimon does; the fixture is written without the option, which a schema change then sets
    Table written =
        TestTables.orders(
            TestTables.warehouse(dir), "orders", Map.of("file.format", format, "bucket", "1"));
    commit(
        written,
        1,
        List.of(order("d1", 1, "a", 1.0), order("d1", 2, "b", 2.0), order("d1", 3, "c", 3.0)));
    written.compact(TestTables.USER, PartitionFilter.all(), CompactionMode.FULL);
    commit(written, 2, List.of(order("d1", 4, "d", 4.0)));
    Table table = TestTables.withOptions(written, Map.of("deletion-vectors.enabled", "true"));
    assertThat(TestTables.readAll(table))
        .as("level 0 (key 4) is not visible with deletion vectors")
        .containsExactly(
            order("d1", 1, "a", 1.0), order("d1", 2, "b", 2.0), order("d1", 3, "c", 3.0));
    DataSplit split = table.newScan().plan().splits().get(0);
    assertThat(split.files()).hasSize(1).allMatch(f -> f.level() > 0);
    DataFileMeta compacted = split.files().get(0);

    publishVectors(table, split, Map.of(compacted.fileName(), DeletionVector.ofPositions(1)));

    assertThat(TestTables.readAll(table))
        .containsExactly(order("d1", 1, "a", 1.0), order("d1", 3, "c", 3.0));
    assertThat(table.newRead().withProjection(List.of("name")).readAll(table.newScan().plan()))
        .containsExactly(Row.of("a"), Row.of("c"));
  }

  @Test
  void aTruncatedVectorFileFailsTheReadNamingTheIndexFile() {
    Table table =
        TestTables.log(TestTables.warehouse(dir), "log", Map.of("file.format", "parquet"));
    commit(table, 1, List.of(Row.of(1L, "a"), Row.of(2L, "b")));
    DataSplit split = table.newScan().plan().splits().get(0);
    DataFileMeta file = split.files().get(0);
    Snapshot after =
        publishVectors(table, split, Map.of(file.fileName(), DeletionVector.ofPositions(0)));
    IndexManifestEntry index =
        table.snapshotFiles().manifests().readIndexManifest(after.indexManifest()).get(0);
    Path indexFile = table.paths().indexFile(index.fileName());
    byte[] bytes = table.io().readBytes(indexFile);
    table.io().writeAtomically(indexFile, Arrays.copyOf(bytes, bytes.length - 5));

    assertThatThrownBy(() -> table.newRead().readAll(table.newScan().plan()))
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining(indexFile.toString())
        .hasMessageContaining(file.fileName());
  }

  private static List<Row> rowsOf(Table table, DataSplit split, DataFileMeta file) {
    List<Row> rows = new ArrayList<>();
    try (var it =
        new DataFileAccess(table.store())
            .rows(split.partition(), split.bucket(), file, new int[] {0, 1})) {
      it.forEachRemaining(rows::add);
    }
    return rows;
  }

  /**
   * Writes the vectors into one index file of the split's bucket and publishes a snapshot naming
   * it.
   */
  private static Snapshot publishVectors(
      Table table, DataSplit split, Map<String, DeletionVector> vectors) {
    DeletionVectorFiles.Written written = DeletionVectorFiles.write(vectors, false);
    String indexFile = TablePaths.indexFileName(UUID.randomUUID(), 0);
    table.io().writeAtomically(table.paths().indexFile(indexFile), written.bytes());
    IndexManifestEntry entry =
        new IndexManifestEntry(
            FileKind.ADD,
            split.partition(),
            split.bucket(),
            IndexManifestEntry.DELETION_VECTORS,
            indexFile,
            written.bytes().length,
            vectors.size(),
            written.ranges(),
            null);
    String manifest = TablePaths.indexManifestFileName(UUID.randomUUID(), 0);
    table.snapshotFiles().manifests().writeIndexManifest(manifest, List.of(entry));
    Snapshot latest = table.latestSnapshot().orElseThrow();
    Snapshot next =
        latest.toBuilder()
            .id(latest.id() + 1)
            .indexManifest(manifest)
            .commitKind(CommitKind.APPEND)
            .commitIdentifier(latest.commitIdentifier() + 1)
            .build();
    table.snapshotStore().publish(next);
    return next;
  }
}
