package dev.lakeops.table.write;

import static dev.lakeops.table.catalog.TestTables.order;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.CloseableIterator;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.deletion.CorruptDeletionVectorException;
import dev.lakeops.table.format.KeyValue;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.IndexManifestEntry;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.read.DataFileAccess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes of tables that need lookup: deletion vectors, the lookup changelog producer, first-row.
 * Level 0 is compacted up at every commit, so each commit's rows are visible at once.
 */
class LookupWriteTest {

  @TempDir Path dir;

  private Table table(Map<String, String> options) {
    Catalog catalog = TestTables.warehouse(dir.resolve("wh"));
    return TestTables.orders(catalog, "orders", options);
  }

  private static Snapshot commit(Table table, long id, Row... rows) {
    return TestTables.commit(table, id, List.of(rows));
  }

  @Test
  void aDeletionVectorTableShowsEachCommitsRowsAndMarksTheReplacedOnes() {
    Table table = table(Map.of("bucket", "1", "deletion-vectors.enabled", "true"));
    List<Row> rows = new ArrayList<>();
    for (int id = 1; id <= 40; id++) {
      rows.add(order("d", id, "name-" + id, (double) id));
    }
    TestTables.commit(table, 1, rows);
    assertThat(TestTables.readAll(table)).containsExactlyElementsOf(TestTables.sorted(rows));

    // a small level-0 file next to a large level-5 run: it goes to level 4, and the rows it
    // replaces in level 5 are marked deleted instead of rewritten
    Snapshot last =
        commit(
            table,
            2,
            order("d", 2, "b2", 2.5),
            Row.ofKind(RowKind.DELETE, "d", 3, "name-3", 3.0),
            order("d", 41, "e", 4.0));

    assertThat(last.commitKind()).isEqualTo(CommitKind.COMPACT);
    List<Row> expected = new ArrayList<>(rows);
    expected.set(1, order("d", 2, "b2", 2.5));
    expected.remove(2);
    expected.add(order("d", 41, "e", 4.0));
    assertThat(TestTables.readAll(table)).containsExactlyElementsOf(TestTables.sorted(expected));
    assertThat(table.snapshotFiles().liveFiles(last).files())
        .extracting(ManifestEntry::level)
        .containsExactlyInAnyOrder(4, 5);
    List<IndexManifestEntry> index =
        table.snapshotFiles().manifests().readIndexManifest(last.indexManifest());
    assertThat(index).hasSize(1);
    assertThat(index.get(0).indexType()).isEqualTo(IndexManifestEntry.DELETION_VECTORS);
    assertThat(index.get(0).deletionVectorRanges())
        .singleElement()
        .satisfies(r -> assertThat(r.cardinality()).isEqualTo(2L));
  }

  @Test
  void aSeededRandomDeletionVectorTableReadsAsTheModelAfterEveryCommit() {
    Table table =
        table(Map.of("bucket", "2", "deletion-vectors.enabled", "true", "file.format", "parquet"));
    Random random = new Random(14);
    TreeMap<String, Row> model = new TreeMap<>();
    try (TableWrite write = table.newWrite("u")) {
      for (int commit = 1; commit <= 25; commit++) {
        for (int i = 0; i < 30; i++) {
          int id = random.nextInt(40);
          String dt = random.nextBoolean() ? "d1" : "d2";
          String key = dt + "/" + id;
          if (random.nextInt(5) == 0) {
            write.write(Row.ofKind(RowKind.DELETE, dt, id, null, null));
            model.remove(key);
          } else {
            Row row = order(dt, id, "v" + commit + "-" + i, (double) i);
            write.write(row);
            model.put(key, row);
          }
        }
        table.newCommit().commit(write.prepareCommit(commit));
        assertThat(TestTables.readAll(table))
            .as("after commit %s", commit)
            .containsExactlyElementsOf(TestTables.sorted(new ArrayList<>(model.values())));
      }
    }
    table.compact("u", PartitionFilter.all(), CompactionMode.FULL);
    assertThat(TestTables.readAll(table))
        .containsExactlyElementsOf(TestTables.sorted(new ArrayList<>(model.values())));
    assertThat(table.newScan().plan().splits()).allMatch(s -> s.deletedRowCount() == 0);
  }

  @Test
  void theLookupChangelogHoldsInsertUpdateAndDeletePerKeyInTheCompactSnapshot() {
    Table table = table(Map.of("bucket", "1", "changelog-producer", "lookup"));
    Snapshot first = commit(table, 1, order("d", 1, "a", 1.0), order("d", 2, "b", 2.0));
    Snapshot second =
        commit(
            table,
            2,
            order("d", 1, "a2", 1.5),
            Row.ofKind(RowKind.DELETE, "d", 2, "b", 2.0),
            order("d", 3, "c", 3.0));

    assertThat(changelog(table, first)).containsExactly("+I[d, 1, a, 1.0]", "+I[d, 2, b, 2.0]");
    assertThat(second.commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(changelog(table, second))
        .containsExactly(
            "-U[d, 1, a, 1.0]", "+U[d, 1, a2, 1.5]", "-D[d, 2, b, 2.0]", "+I[d, 3, c, 3.0]");
    Snapshot append = table.snapshotStore().findSnapshot(second.id() - 1).orElseThrow();
    assertThat(append.commitKind()).isEqualTo(CommitKind.APPEND);
    assertThat(append.changelogManifestList()).isNull();
    assertThat(TestTables.readAll(table))
        .containsExactly(order("d", 1, "a2", 1.5), order("d", 3, "c", 3.0));
  }

  @Test
  void rowDeduplicateLeavesOutUpdatesThatChangeNothing() {
    Table table =
        table(
            Map.of(
                "bucket", "1",
                "changelog-producer", "lookup",
                "changelog-producer.row-deduplicate", "true"));
    commit(table, 1, order("d", 1, "a", 1.0), order("d", 2, "b", 2.0));
    Snapshot second = commit(table, 2, order("d", 1, "a", 1.0), order("d", 2, "b2", 2.0));

    assertThat(changelog(table, second)).containsExactly("-U[d, 2, b, 2.0]", "+U[d, 2, b2, 2.0]");
  }

  @Test
  void firstRowKeepsTheFirstVersionOfEachKeyAndLogsOnlyNewKeys() {
    Table table =
        table(Map.of("bucket", "1", "merge-engine", "first-row", "changelog-producer", "lookup"));
    commit(table, 1, order("d", 1, "a", 1.0));
    Snapshot second = commit(table, 2, order("d", 1, "a2", 1.5), order("d", 2, "b", 2.0));

    assertThat(TestTables.readAll(table))
        .containsExactly(order("d", 1, "a", 1.0), order("d", 2, "b", 2.0));
    assertThat(changelog(table, second)).containsExactly("+I[d, 2, b, 2.0]");
  }

  @Test
  void refusesFirstRowWithDeletionVectorsAsPaimonDoes() {
    Table firstRow = table(Map.of("bucket", "1", "merge-engine", "first-row"));
    Table table = TestTables.withOptions(firstRow, Map.of("deletion-vectors.enabled", "true"));

    assertThatThrownBy(() -> table.newWrite("u"))
        .isInstanceOfAny(IllegalArgumentException.class, UnsupportedOperationException.class)
        .hasMessageContaining(table.name())
        .hasMessageContaining("first-row")
        .hasMessageContaining("deletion-vectors.enabled");
  }

  @Test
  void refusesDeletionVectorsWithTheInputChangelogProducer() {
    Table table =
        table(
            Map.of(
                "bucket", "1", "deletion-vectors.enabled", "true", "changelog-producer", "input"));

    assertThatThrownBy(() -> table.newWrite("u"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining(table.name())
        .hasMessageContaining("changelog-producer 'input'");
  }

  @Test
  void aCorruptVectorFileFailsTheNextWriteNamingTheFileAndChangesNothing() {
    Table table = table(Map.of("bucket", "1", "deletion-vectors.enabled", "true"));
    commit(table, 1, order("d", 1, "a", 1.0), order("d", 2, "b", 2.0));
    Snapshot marked = commit(table, 2, order("d", 1, "a2", 1.0));
    IndexManifestEntry index =
        table.snapshotFiles().manifests().readIndexManifest(marked.indexManifest()).get(0);
    Path indexFile = table.paths().indexFile(index.fileName());
    byte[] bytes = table.io().readBytes(indexFile);
    bytes[bytes.length - 1] ^= 0x5a;
    table.io().writeAtomically(indexFile, bytes);

    assertThatThrownBy(
            () -> {
              try (TableWrite write = table.newWrite("u")) {
                write.write(order("d", 2, "b2", 2.0));
                write.prepareCommit(3);
              }
            })
        .isInstanceOf(CorruptDeletionVectorException.class)
        .hasMessageContaining(indexFile.toString());
    assertThat(table.latestSnapshot()).contains(marked);
  }

  /** The changelog records of one snapshot, in file order, as {@code kind[values]}. */
  static List<String> changelog(Table table, Snapshot snapshot) {
    List<String> records = new ArrayList<>();
    DataFileAccess access = new DataFileAccess(table.store());
    int[] all = {0, 1, 2, 3};
    for (ManifestEntry e : table.snapshotFiles().changelogEntries(snapshot)) {
      try (CloseableIterator<KeyValue> it =
          access.keyValues(e.partition(), e.bucket(), e.file(), all)) {
        it.forEachRemaining(
            kv -> records.add(kv.valueKind().shortString() + Arrays.toString(kv.value().values())));
      }
    }
    return records;
  }
}
