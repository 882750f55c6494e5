package dev.lakeops.table.lsm.aggregate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.commit.PartitionFilter;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import dev.lakeops.table.meta.BinaryRow;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.CompactionMode;
import dev.lakeops.table.write.TableWrite;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An aggregation table end to end in lakeops: write buffer, spills, reads, compaction, errors. */
class AggregationTableTest {

  @TempDir Path dir;

  // id INT primary key, total BIGINT sum, top INT max, note STRING (last_non_null_value)
  private Table table(String name, Map<String, String> options) {
    Catalog catalog = TestTables.warehouse(dir.resolve("wh"));
    return catalog.createTable(
        Identifier.of("db", name),
        TableDefinition.builder()
            .column("id", AtomicType.of(TypeRoot.INT))
            .column("total", AtomicType.of(TypeRoot.BIGINT))
            .column("top", AtomicType.of(TypeRoot.INT))
            .column("note", AtomicType.string())
            .primaryKey("id")
            .option("bucket", "1")
            .option("file.format", "avro")
            .option("merge-engine", "aggregation")
            .option("fields.total.aggregate-function", "sum")
            .option("fields.top.aggregate-function", "max")
            .options(options)
            .build());
  }

  private static void commit(Table table, long id, List<Row> rows) {
    try (TableWrite write = table.newWrite("u")) {
      rows.forEach(write::write);
      table.newCommit().commit(write.prepareCommit(id));
    }
  }

  private static List<Row> read(Table table) {
    return table.newRead().readAll(table.newScan().plan());
  }

  @Test
  void aggregatesAcrossCommitsAndCompactionKeepsTheResult() {
    Table table = table("t", Map.of("fields.top.ignore-retract", "true"));
    commit(table, 1, List.of(Row.of(1, 5L, 3, "a"), Row.of(2, 1L, null, null)));
    commit(
        table,
        2,
        List.of(
            Row.of(1, 7L, 9, null),
            Row.ofKind(RowKind.UPDATE_BEFORE, 2, 1L, null, null),
            Row.ofKind(RowKind.UPDATE_AFTER, 2, 4L, 2, "b"),
            Row.ofKind(RowKind.DELETE, 3, 10L, 1, "lone")));
    List<Row> expected = List.of(Row.of(1, 12L, 9, "a"), Row.of(2, 4L, 2, "b"));
    assertThat(read(table)).as("a lone -D of key 3 is dropped on read").isEqualTo(expected);
    assertThat(
            table.newRead().withProjection(List.of("total", "id")).readAll(table.newScan().plan()))
        .containsExactly(Row.of(12L, 1), Row.of(4L, 2));
    table.compact("u", PartitionFilter.all(), CompactionMode.FULL);
    assertThat(read(table)).isEqualTo(expected);
  }

  @Test
  void aSpilledWriteBufferMergesAsPaimonsWholeBufferDoes() {
    // a -D that removes the row, then an insert: merged in spilled groups first, the insert alone
    // would be added to the older total (5 + 3); Paimon merges the whole buffer and gets 3
    Table table =
        table(
            "spill",
            Map.of(
                "aggregation.remove-record-on-delete",
                "true",
                "write-buffer-size",
                "1 kb",
                "fields.top.aggregate-function",
                "sum"));
    try (TableWrite write = table.newWrite("u").withSpillDirectory(dir.resolve("spill"))) {
      write.write(Row.of(1, 5L, 1, "a"));
      for (int i = 0; i < 40; i++) {
        write.write(Row.of(100 + i, 1L, 1, "x".repeat(40)));
      }
      write.write(Row.ofKind(RowKind.DELETE, 1, 5L, 1, "a"));
      write.write(Row.of(1, 3L, 2, "b"));
      for (int i = 0; i < 40; i++) {
        write.write(Row.of(200 + i, 1L, 1, "y".repeat(40)));
      }
      table.newCommit().commit(write.prepareCommit(1));
    }
    assertThat(read(table)).contains(Row.of(1, 3L, 2, "b")).hasSize(81);
  }

  @Test
  void refusesARetractionOfAFunctionWithoutOneAndCommitsNothing() {
    Table table = table("refuse", Map.of());
    commit(table, 1, List.of(Row.of(1, 5L, 3, "a")));
    long before = table.latestSnapshot().orElseThrow().id();
    try (TableWrite write = table.newWrite("u")) {
      write.write(Row.of(1, 1L, 1, null));
      assertThatThrownBy(() -> write.write(Row.ofKind(RowKind.DELETE, 1, 5L, 3, "a")))
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("Table refuse")
          .hasMessageContaining("'top'")
          .hasMessageContaining("'max'");
    }
    assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(before);
    assertThat(read(table)).containsExactly(Row.of(1, 5L, 3, "a"));
  }

  @Test
  void refusesABadSetupWhenTheTableIsOpenedForWriteOrRead() {
    Table unknown = table("unknown", Map.of("fields.note.aggregate-function", "count"));
    assertThatThrownBy(() -> unknown.newWrite("u"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Table unknown")
        .hasMessageContaining("'note'")
        .hasMessageContaining("'count'");
    assertThatThrownBy(unknown::newRead)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'count'");
    Table wrongType = table("wrong", Map.of("fields.note.aggregate-function", "product"));
    assertThatThrownBy(() -> wrongType.newWrite("u"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'note'")
        .hasMessageContaining("'product'")
        .hasMessageContaining("STRING");
    Table leftOut = table("left", Map.of("fields.note.aggregate-function", "hll_sketch"));
    assertThatThrownBy(leftOut::newRead)
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageContaining("'hll_sketch'");
  }

  @Test
  void partitionlessBucketWriteAndFullCompactionAgree() {
    Table table = table("compact", Map.of("fields.top.ignore-retract", "true"));
    try (TableWrite write = table.newWrite("u")) {
      write.write(Row.of(1, 1L, 1, "a"));
      table.newCommit().commit(write.prepareCommit(1));
      write.write(Row.of(1, 2L, 5, null));
      write.write(Row.ofKind(RowKind.UPDATE_BEFORE, 1, 1L, 1, "a"));
      table.newCommit().commit(write.prepareCommit(2));
      write.fullCompact(BinaryRow.EMPTY, 0);
      table.newCommit().commit(write.prepareCommit(3));
    }
    // as in Paimon, the -U meets the +I of its own commit in the write buffer and clears that
    // one's note (already null); the older "a" then survives the merge with it
    assertThat(read(table)).containsExactly(Row.of(1, 2L, 5, "a"));
  }
}
