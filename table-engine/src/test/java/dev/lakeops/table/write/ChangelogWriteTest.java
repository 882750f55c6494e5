package dev.lakeops.table.write;

import static dev.lakeops.table.catalog.TestTables.commit;
import static dev.lakeops.table.catalog.TestTables.order;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.ChangeSet;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.BinaryRowCodec;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.meta.FileSource;
import dev.lakeops.table.meta.ManifestEntry;
import dev.lakeops.table.meta.Snapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The changelog lakeops writes by itself: what {@code input} and {@code full-compaction} put into
 * the changelog files, the file options, row deduplication, write-only tables, clean-up of
 * uncommitted changelog files, and the options refused before anything is written. Equality with
 * Paimon's changelog is shown in {@code ChangelogProducerCompatTest}.
 */
class ChangelogWriteTest {

  @TempDir Path dir;

  private Table table(Map<String, String> options) {
    Catalog catalog = TestTables.warehouse(dir.resolve("wh"));
    return TestTables.orders(catalog, "orders", options);
  }

  private static List<String> changelog(Table table, long from, long to) {
    List<String> out = new ArrayList<>();
    for (Row r : table.newRead().readAll(table.newScan().planIncremental(from, to))) {
      out.add(r.toString());
    }
    return out;
  }

  private static List<ManifestEntry> changelogFiles(Table table) {
    List<ManifestEntry> files = new ArrayList<>();
    long latest = table.latestSnapshot().map(Snapshot::id).orElse(0L);
    for (long id = 1; id <= latest; id++) {
      Snapshot s = table.snapshotStore().findSnapshot(id).orElseThrow();
      files.addAll(table.snapshotFiles().changelogEntries(s));
    }
    return files;
  }

  @Test
  void inputKeepsEveryRecordSortedByKeyThenArrivalEvenWhenTheBufferSpills() {
    // a 2 kb buffer spills many times over 300 rows
    Table table =
        table(Map.of("changelog-producer", "input", "bucket", "1", "write-buffer-size", "2 kb"));
    List<Row> rows = new ArrayList<>();
    for (int round = 0; round < 3; round++) {
      for (int id = 100; id > 0; id--) {
        rows.add(
            id % 7 == 0 && round == 2
                ? Row.ofKind(RowKind.DELETE, "d1", id, null, null)
                : order("d1", id, "r" + round, (double) id));
      }
    }
    commit(table, 1, rows);

    List<String> expected = new ArrayList<>();
    for (int id = 1; id <= 100; id++) {
      for (int round = 0; round < 3; round++) {
        expected.add(
            (id % 7 == 0 && round == 2
                    ? Row.ofKind(RowKind.DELETE, "d1", id, null, null)
                    : order("d1", id, "r" + round, (double) id))
                .toString());
      }
    }
    assertThat(changelog(table, 0, 1)).containsExactlyElementsOf(expected);
    assertThat(changelogFiles(table))
        .allSatisfy(
            e -> {
              assertThat(e.level()).isZero();
              assertThat(e.file().fileSource()).isEqualTo(FileSource.APPEND);
              assertThat(e.file().fileName()).startsWith("changelog-").endsWith(".avro");
            });
  }

  @Test
  void changelogFilesTakeTheirOwnPrefixAndFormat() {
    Table table =
        table(
            Map.of(
                "changelog-producer", "input",
                "changelog-file.prefix", "cl-",
                "changelog-file.format", "parquet",
                "changelog-file.compression", "none"));
    commit(table, 1, List.of(order("d1", 1, "a", 1.0), order("d1", 1, "b", 2.0)));

    assertThat(changelogFiles(table))
        .singleElement()
        .satisfies(e -> assertThat(e.file().fileName()).startsWith("cl-").endsWith(".parquet"));
    assertThat(changelog(table, 0, 1))
        .containsExactly(order("d1", 1, "a", 1.0).toString(), order("d1", 1, "b", 2.0).toString());
  }

  @Test
  void inputOnAnIgnoreDeleteTableLeavesRetractionsOut() {
    Table table = table(Map.of("changelog-producer", "input", "ignore-delete", "true"));
    commit(
        table,
        1,
        List.of(order("d1", 1, "a", 1.0), Row.ofKind(RowKind.DELETE, "d1", 1, null, null)));

    assertThat(changelog(table, 0, 1)).containsExactly(order("d1", 1, "a", 1.0).toString());
  }

  @Test
  void withoutAProducerNoChangelogIsWritten() {
    Table table = table(Map.of());
    commit(table, 1, List.of(order("d1", 1, "a", 1.0)));

    assertThat(changelogFiles(table)).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void rowDeduplicateDropsUpdatesToAnEqualValue(boolean deduplicate) {
    Table table =
        table(
            Map.of(
                "changelog-producer",
                "full-compaction",
                "changelog-producer.row-deduplicate",
                Boolean.toString(deduplicate)));
    commit(table, 1, List.of(order("d1", 1, "a", 1.0), order("d1", 2, "b", 2.0)));
    long before = table.latestSnapshot().orElseThrow().id();
    commit(table, 2, List.of(order("d1", 1, "a", 1.0), order("d1", 2, "c", 2.0)));

    List<String> expected = new ArrayList<>();
    if (!deduplicate) {
      expected.add(order("d1", 1, "a", 1.0).withKind(RowKind.UPDATE_BEFORE).toString());
      expected.add(order("d1", 1, "a", 1.0).withKind(RowKind.UPDATE_AFTER).toString());
    }
    expected.add(order("d1", 2, "b", 2.0).withKind(RowKind.UPDATE_BEFORE).toString());
    expected.add(order("d1", 2, "c", 2.0).withKind(RowKind.UPDATE_AFTER).toString());
    assertThat(changelog(table, before, table.latestSnapshot().orElseThrow().id()))
        .containsExactlyElementsOf(expected);
  }

  @Test
  void aWriteOnlyTableGetsItsChangelogFromTheCompactionThatRunsLater() {
    Table table = table(Map.of("changelog-producer", "full-compaction", "write-only", "true"));
    commit(table, 1, List.of(order("d1", 1, "a", 1.0), order("d2", 2, "b", 2.0)));
    assertThat(changelogFiles(table)).isEmpty();

    CompactionReport report =
        table.compact("compactor", PartitionFilter.all(), CompactionMode.FULL);

    assertThat(report.snapshot().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(table.snapshotFiles().changelogEntries(report.snapshot()))
        .isNotEmpty()
        .allSatisfy(e -> assertThat(e.level()).isEqualTo(5));
    assertThat(TestTables.sorted(table.newRead().readAll(table.newScan().planIncremental(0, 2))))
        .containsExactly(order("d1", 1, "a", 1.0), order("d2", 2, "b", 2.0));
  }

  @Test
  void closingAWriterDeletesChangelogFilesNeverHandedOver() throws IOException {
    Table table = table(Map.of("changelog-producer", "input", "bucket", "1"));
    try (TableWrite write = table.newWrite("u")) {
      write.write(order("d1", 1, "a", 1.0));
      write.compact(BinaryRowCodec.encode(table.schema().partitionType(), Row.of("d1")), 0);
      assertThat(changelogFilesOnDisk()).as("the flush wrote a changelog file").hasSize(1);
    }
    assertThat(changelogFilesOnDisk()).isEmpty();
  }

  private List<String> changelogFilesOnDisk() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(name -> name.startsWith("changelog-"))
          .toList();
    }
  }

  @Test
  void aHandedOverChangeSetCarriesTheInputChangelogWithItsNewFiles() {
    Table table = table(Map.of("changelog-producer", "input"));
    try (TableWrite write = table.newWrite("u")) {
      write.write(order("d1", 1, "a", 1.0));
      ChangeSet changes = write.prepareCommit(1);
      assertThat(changes.changes())
          .singleElement()
          .satisfies(
              c -> {
                assertThat(c.newFiles()).hasSize(1);
                assertThat(c.changelogFiles()).hasSize(1);
                assertThat(c.compactChangelogFiles()).isEmpty();
              });
    }
  }

  @Test
  void anUnknownProducerIsRefusedNamingTableAndOption() {
    Table table = table(Map.of("changelog-producer", "everything"));

    assertThatThrownBy(() -> table.newWrite("u"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("orders")
        .hasMessageContaining("changelog-producer")
        .hasMessageContaining("everything");
    assertThat(table.latestSnapshot()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-3", "often"})
  void aBadDeltaCommitsValueIsRefusedNamingTableAndOption(String value) {
    Table table =
        table(
            Map.of(
                "changelog-producer", "full-compaction", "full-compaction.delta-commits", value));

    assertThatThrownBy(() -> table.newWrite("u"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("orders")
        .hasMessageContaining("full-compaction.delta-commits")
        .hasMessageContaining(value);
    assertThat(table.latestSnapshot()).isEmpty();
  }

  @Test
  void anUnwritableChangelogFormatIsRefusedBeforeAnythingIsWritten() {
    Table table = table(Map.of("changelog-producer", "input", "changelog-file.format", "orc"));

    assertThatThrownBy(() -> table.newWrite("u"))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("orders")
        .hasMessageContaining("changelog-file.format")
        .hasMessageContaining("orc");
  }

  @Test
  void aProducerOnATableWithoutPrimaryKeyIsRefused() {
    Catalog catalog = TestTables.warehouse(dir.resolve("wh"));
    Table log = TestTables.log(catalog, "log", Map.of("changelog-producer", "input"));

    assertThatThrownBy(() -> log.newWrite("u"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("log")
        .hasMessageContaining("changelog-producer")
        .hasMessageContaining("primary key");
  }
}
