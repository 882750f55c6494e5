package dev.lakeops.table.write;

import static dev.lakeops.table.catalog.TestTables.commit;
import static dev.lakeops.table.catalog.TestTables.order;
import static dev.lakeops.table.catalog.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.index.CorruptIndexFileException;
import dev.lakeops.table.index.HashIndexChangedException;
import dev.lakeops.table.index.HashIndexFile;
import dev.lakeops.table.meta.IndexManifestEntry;
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
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DynamicBucketWriteTest {

  @TempDir Path dir;

  private Table table(Map<String, String> options) {
    Map<String, String> all = new HashMap<>(Map.of("bucket", "-1"));
    all.putAll(options);
    return TestTables.orders(TestTables.warehouse(dir.resolve("wh")), "orders", all);
  }

  private static List<IndexManifestEntry> hashIndex(Table table) {
    Snapshot s = table.latestSnapshot().orElseThrow();
    return table.snapshotFiles().manifests().readIndexManifest(s.indexManifest()).stream()
        .filter(e -> e.indexType().equals("HASH"))
        .toList();
  }

  // bucket of each key hash, checking that no hash is in two buckets of one partition
  private static Map<String, Integer> bucketsByKeyHash(Table table) {
    Map<String, Integer> out = new TreeMap<>();
    for (IndexManifestEntry e : hashIndex(table)) {
      for (int h : HashIndexFile.read(table.store(), e)) {
        Integer earlier = out.put(e.partition() + "/" + h, e.bucket());
        assertThat(earlier).as("hash %s in buckets %s and %s", h, earlier, e.bucket()).isNull();
      }
    }
    return out;
  }

  @Test
  void newKeysFillBucketsUpToTheTargetAndKnownKeysStayInTheirBucket() {
    Table table = table(Map.of("dynamic-bucket.target-row-num", "3"));
    List<Row> rows = new ArrayList<>();
    for (int id = 1; id <= 10; id++) {
      rows.add(order("d1", id, "v" + id, (double) id));
    }
    commit(table, 1, rows);

    List<IndexManifestEntry> index = hashIndex(table);
    assertThat(index).extracting(IndexManifestEntry::bucket).containsExactlyInAnyOrder(0, 1, 2, 3);
    assertThat(index)
        .extracting(IndexManifestEntry::rowCount)
        .containsExactlyInAnyOrder(3L, 3L, 3L, 1L);
    assertThat(table.snapshotFiles().liveFiles(table.latestSnapshot().orElseThrow()).files())
        .allMatch(e -> e.totalBuckets() == -1);
    Map<String, Integer> before = bucketsByKeyHash(table);

    commit(
        table,
        2,
        List.of(
            order("d1", 1, "again", 1.5),
            Row.ofKind(RowKind.DELETE, "d1", 4, null, null),
            order("d1", 11, "new", 11.0),
            order("d2", 1, "other partition", 2.0)));

    Map<String, Integer> after = bucketsByKeyHash(table);
    assertThat(after).containsAllEntriesOf(before);
    assertThat(after).hasSize(12);
    List<IndexManifestEntry> index2 = hashIndex(table);
    assertThat(index2).as("one file per bucket, replaced when it grew").hasSize(5);
    assertThat(index2)
        .filteredOn(e -> e.bucket() == 3 && e.partition().equals(index.get(0).partition()))
        .extracting(IndexManifestEntry::rowCount)
        .containsExactly(2L);
    List<Row> expected = new ArrayList<>();
    for (int id = 1; id <= 11; id++) {
      if (id == 1) {
        expected.add(order("d1", 1, "again", 1.5));
      } else if (id == 11) {
        expected.add(order("d1", 11, "new", 11.0));
      } else if (id != 4) {
        expected.add(order("d1", id, "v" + id, (double) id));
      }
    }
    expected.add(order("d2", 1, "other partition", 2.0));
    assertThat(readAll(table)).isEqualTo(TestTables.sorted(expected));

    table
        .compact(TestTables.USER, PartitionFilter.all(), CompactionMode.FULL)
        .snapshot()
        .commitKind();
    assertThat(readAll(table)).isEqualTo(TestTables.sorted(expected));
    assertThat(bucketsByKeyHash(table)).isEqualTo(after);
    for (ManifestEntry e :
        table.snapshotFiles().liveFiles(table.latestSnapshot().orElseThrow()).files()) {
      assertThat(e.level()).isEqualTo(5);
    }
  }

  @Test
  void aSecondWriterThatLoadedTheIndexBeforeAnotherCommitIsRefused() {
    Table table = table(Map.of("dynamic-bucket.target-row-num", "2"));
    commit(table, 1, List.of(order("d1", 1, "a", 1.0)));
    try (TableWrite first = table.newWrite("one");
        TableWrite second = table.newWrite("two")) {
      first.write(order("d1", 2, "b", 2.0));
      second.write(order("d1", 3, "c", 3.0));
      table.newCommit().commit(first.prepareCommit(1));
      Snapshot committed = table.latestSnapshot().orElseThrow();

      assertThatThrownBy(() -> second.prepareCommit(1))
          .isInstanceOf(HashIndexChangedException.class)
          .hasMessageContaining("table orders")
          .hasMessageContaining("partition 'dt=d1'");
      assertThat(table.latestSnapshot().orElseThrow()).isEqualTo(committed);
    }
  }

  @Test
  void oneWriterCommitsSeveralTimesOnItsOwnIndex() {
    Table table = table(Map.of("dynamic-bucket.target-row-num", "2"));
    try (TableWrite write = table.newWrite("one")) {
      for (int round = 0; round < 3; round++) {
        write.write(order("d1", round * 2, "a", 1.0));
        write.write(order("d1", round * 2 + 1, "b", 1.0));
        ChangeSet changes = write.prepareCommit(round + 1);
        table.newCommit().commit(changes);
      }
    }
    assertThat(hashIndex(table))
        .extracting(IndexManifestEntry::bucket)
        .containsExactlyInAnyOrder(0, 1, 2);
    assertThat(bucketsByKeyHash(table)).hasSize(6);
  }

  @Test
  void aCorruptIndexFileFailsTheWriteNamingTableAndFileAndCommitsNothing() throws Exception {
    Table table = table(Map.of());
    commit(table, 1, List.of(order("d1", 1, "a", 1.0), order("d1", 2, "b", 2.0)));
    IndexManifestEntry entry = hashIndex(table).get(0);
    Path file = table.paths().indexFile(entry.fileName());
    Files.write(file, new byte[] {1, 2, 3, 4, 5});
    Snapshot before = table.latestSnapshot().orElseThrow();

    try (TableWrite write = table.newWrite("u")) {
      assertThatThrownBy(() -> write.write(order("d1", 3, "c", 3.0)))
          .isInstanceOf(CorruptIndexFileException.class)
          .hasMessageContaining("table orders")
          .hasMessageContaining(entry.fileName());
    }
    assertThat(table.latestSnapshot().orElseThrow()).isEqualTo(before);
  }

  @Test
  void crossPartitionUpsertIsRefusedNamingTableAndKeys() {
    Catalog catalog = TestTables.warehouse(dir.resolve("wh"));
    Table table =
        catalog.createTable(
            Identifier.of("db", "cross"),
            TableDefinition.builder()
                .column("dt", AtomicType.string())
                .column("id", AtomicType.of(TypeRoot.INT))
                .partitionKeys("dt")
                .primaryKey("id")
                .option("bucket", "-1")
                .build());

    assertThatThrownBy(() -> table.newWrite("u"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("table cross")
        .hasMessageContaining("primary key [id]")
        .hasMessageContaining("partition key [dt]")
        .hasMessageContaining("across partitions");
  }

  @Test
  void badDynamicBucketOptionsAreRefusedWhenTheWriteStarts() {
    Table table = table(Map.of("dynamic-bucket.max-buckets", "-3"));

    assertThatThrownBy(() -> table.newWrite("u"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dynamic-bucket.max-buckets")
        .hasMessageContaining("orders");
  }
}
