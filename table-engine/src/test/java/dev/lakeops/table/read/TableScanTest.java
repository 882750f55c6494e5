package dev.lakeops.table.read;

import static dev.lakeops.table.catalog.TestTables.commit;
import static dev.lakeops.table.catalog.TestTables.order;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.Snapshot;
import dev.lakeops.table.meta.Tag;
import dev.lakeops.table.meta.TagJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableScanTest {

  @TempDir Path dir;

  private Table table;
  private Snapshot first;
  private Snapshot second;

  @BeforeEach
  void writeTwoCommits() {
    table = TestTables.orders(TestTables.warehouse(dir), "orders", Map.of());
    first =
        commit(
            table,
            1,
            List.of(
                order("d1", 1, "a", 1.0),
                order("d1", 2, "b", 2.0),
                order("d2", 3, "c", 3.0),
                order("d2", 4, "d", 4.0)));
    second =
        commit(
            table,
            2,
            List.of(order("d1", 1, "a2", 1.5), Row.ofKind(RowKind.DELETE, "d2", 3, null, null)));
  }

  private List<Row> read(TableScan scan) {
    return TestTables.sorted(table.newRead().readAll(scan.plan()));
  }

  @Test
  void readsAnEarlierSnapshotById() {
    assertThat(read(table.newScan().withSnapshot(first.id())))
        .containsExactly(
            order("d1", 1, "a", 1.0),
            order("d1", 2, "b", 2.0),
            order("d2", 3, "c", 3.0),
            order("d2", 4, "d", 4.0));
    assertThat(read(table.newScan()))
        .containsExactly(
            order("d1", 1, "a2", 1.5), order("d1", 2, "b", 2.0), order("d2", 4, "d", 4.0));
  }

  @Test
  void readsTheSnapshotATagPins() {
    table
        .io()
        .writeAtomically(
            table.paths().tagFile("v1"),
            TagJson.toJson(Tag.of(first)).getBytes(StandardCharsets.UTF_8));

    assertThat(read(table.newScan().withTag("v1"))).hasSize(4);
    assertThat(read(table.newScan().withOptions(Map.of("scan.tag-name", "v1")))).hasSize(4);
  }

  @Test
  void readsTheNewestSnapshotAtOrBeforeATimestamp() {
    assertThat(read(table.newScan().withTimestampMillis(first.timeMillis()))).hasSize(4);
    assertThat(read(table.newScan().withTimestampMillis(second.timeMillis() + 1000))).hasSize(3);
    assertThatThrownBy(() -> table.newScan().withTimestampMillis(first.timeMillis() - 1).plan())
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessageContaining("No snapshot at or before " + (first.timeMillis() - 1));
  }

  @Test
  void failsWithTheMissingSnapshotOrTagNamed() {
    assertThatThrownBy(() -> table.newScan().withSnapshot(9).plan())
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessageContaining("Snapshot 9")
        .hasMessageContaining("snapshots 1..2 exist");
    assertThatThrownBy(() -> table.newScan().withTag("nope").plan())
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessageContaining("Tag 'nope'");
  }

  @Test
  void readsTheDeltaOfTheCommitsBetweenTwoSnapshotsWithRowKinds() {
    List<Row> delta =
        TestTables.sorted(
            table.newRead().readAll(table.newScan().planIncremental(first.id(), second.id())));

    assertThat(delta)
        .containsExactly(
            order("d1", 1, "a2", 1.5), Row.ofKind(RowKind.DELETE, "d2", 3, null, null));
    assertThat(table.newScan().planIncremental(second.id(), second.id()).splits()).isEmpty();
  }

  @Test
  void prunesPartitionsThatCannotMatch() {
    ScanPlan plan = table.newScan().withFilter(Predicate.equal("dt", "d2")).plan();

    assertThat(plan.splits()).isNotEmpty();
    assertThat(plan.fileCount()).isLessThan(table.newScan().plan().fileCount());
    assertThat(table.newRead().withFilter(Predicate.equal("dt", "d2")).readAll(plan))
        .containsExactly(order("d2", 4, "d", 4.0));
  }

  @Test
  void prunesBucketsByTheBucketKeyAndFiltersRowsExactly() {
    Predicate onlyId4 = Predicate.and(Predicate.equal("dt", "d2"), Predicate.equal("id", 4));
    ScanPlan plan = table.newScan().withFilter(onlyId4).plan();

    assertThat(plan.splits()).hasSize(1);
    assertThat(plan.splits().get(0).bucket())
        .isZero(); // id 4 hashes to bucket 0 (paimon-format.md §12)
    assertThat(table.newRead().withFilter(onlyId4).readAll(plan))
        .containsExactly(order("d2", 4, "d", 4.0));
  }

  @Test
  void prunesPrimaryKeyFilesByKeyRangeButNeverAVersionThatDecides() {
    ScanPlan none = table.newScan().withFilter(Predicate.greaterThan("id", 100)).plan();
    assertThat(none.splits()).isEmpty();

    // name 'a' is in snapshot 1's file only, but the newest version 'a2' decides: nothing matches
    Predicate oldName = Predicate.equal("name", "a");
    assertThat(
            table.newRead().withFilter(oldName).readAll(table.newScan().withFilter(oldName).plan()))
        .isEmpty();
  }

  @Test
  void projectsColumnsAndReadsFilterColumnsItDoesNotReturn() {
    TableRead read =
        table
            .newRead()
            .withProjection(List.of("name"))
            .withFilter(Predicate.lessThan("price", 2.0));

    assertThat(read.outputType().fieldNames()).containsExactly("name");
    assertThat(read.readAll(table.newScan().plan())).containsExactly(Row.of("a2"));
  }

  @Test
  void evaluatesPredicatesWithSqlNullSemantics() {
    Predicate.FieldValues nullName = f -> null;
    assertThat(Predicate.equal("name", "x").test(nullName)).isFalse();
    assertThat(Predicate.notEqual("name", "x").test(nullName)).isFalse();
    assertThat(Predicate.isNull("name").test(nullName)).isTrue();
    assertThat(Predicate.in("id", List.of(1L, 2L)).test(f -> 2))
        .as("numbers compare by value")
        .isTrue();
    assertThat(Predicate.or(Predicate.isNull("x"), Predicate.equal("x", 1)).test(f -> 1)).isTrue();
  }
}
