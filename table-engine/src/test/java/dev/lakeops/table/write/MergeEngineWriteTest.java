package dev.lakeops.table.write;

import static dev.lakeops.table.catalog.TestTables.commit;
import static dev.lakeops.table.catalog.TestTables.order;
import static dev.lakeops.table.catalog.TestTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TestTables;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.data.RowKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes through the merge engines: partial-update and {@code rowkind.field} round trips, and the
 * writes refused (a retraction partial-update cannot merge, a bad row kind value, any write to a
 * first-row table, a table created with options Paimon refuses), each naming the table and leaving
 * what was committed as it was.
 */
class MergeEngineWriteTest {

  @TempDir Path dir;

  @Test
  void partialUpdateRowsFillEachOtherIn() {
    Catalog catalog = TestTables.warehouse(dir);
    Table t = TestTables.orders(catalog, "pu", Map.of("merge-engine", "partial-update"));
    commit(t, 1, List.of(order("d", 1, "one", null), order("d", 2, null, 2.0)));
    commit(t, 2, List.of(order("d", 1, null, 1.5), order("d", 2, "two", null)));
    assertThat(readAll(t)).containsExactly(order("d", 1, "one", 1.5), order("d", 2, "two", 2.0));
  }

  @Test
  void aRetractionPartialUpdateCannotMergeIsRefusedAndNothingChanges() {
    Catalog catalog = TestTables.warehouse(dir);
    Table t = TestTables.orders(catalog, "pu", Map.of("merge-engine", "partial-update"));
    commit(t, 1, List.of(order("d", 1, "one", 1.0)));
    long snapshot = t.latestSnapshot().orElseThrow().id();
    try (TableWrite write = t.newWrite(TestTables.USER)) {
      assertThatThrownBy(() -> write.write(Row.ofKind(RowKind.DELETE, "d", 1, null, null)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("Table pu")
          .hasMessageContaining("partial-update.remove-record-on-delete");
    }
    assertThat(t.latestSnapshot().orElseThrow().id()).isEqualTo(snapshot);
    assertThat(readAll(t)).containsExactly(order("d", 1, "one", 1.0));
  }

  @Test
  void rowKindFieldDecidesTheChangeAndABadValueIsRefused() {
    Catalog catalog = TestTables.warehouse(dir);
    Table t = TestTables.orders(catalog, "rk", Map.of("rowkind.field", "name"));
    commit(t, 1, List.of(order("d", 1, "+I", 1.0), order("d", 2, "+I", 2.0)));
    commit(t, 2, List.of(order("d", 1, "-D", null)));
    assertThat(readAll(t)).containsExactly(order("d", 2, "+I", 2.0));
    try (TableWrite write = t.newWrite(TestTables.USER)) {
      assertThatThrownBy(() -> write.write(order("d", 3, "delete", 3.0)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("Table rk")
          .hasMessageContaining("rowkind.field")
          .hasMessageContaining("'delete'");
    }
    assertThat(readAll(t)).containsExactly(order("d", 2, "+I", 2.0));
  }

  @Test
  void ignoreDeleteDropsRetractionsAtTheWriter() {
    Catalog catalog = TestTables.warehouse(dir);
    Table t = TestTables.orders(catalog, "id", Map.of("ignore-delete", "true"));
    commit(t, 1, List.of(order("d", 1, "one", 1.0)));
    commit(t, 2, List.of(Row.ofKind(RowKind.DELETE, "d", 1, null, null)));
    assertThat(readAll(t)).containsExactly(order("d", 1, "one", 1.0));
  }

  @Test
  void firstRowKeepsTheFirstVersionOfEachKeyAcrossCommits() {
    Catalog catalog = TestTables.warehouse(dir);
    Table t = TestTables.orders(catalog, "fr", Map.of("merge-engine", "first-row"));
    commit(t, 1, List.of(order("d", 1, "one", 1.0)));
    commit(t, 2, List.of(order("d", 1, "later", 9.0), order("d", 2, "two", 2.0)));
    assertThat(readAll(t)).containsExactly(order("d", 1, "one", 1.0), order("d", 2, "two", 2.0));
  }

  @Test
  void aTableWithOptionsPaimonRefusesIsNotCreated() {
    Catalog catalog = TestTables.warehouse(dir);
    assertThatThrownBy(
            () ->
                TestTables.orders(
                    catalog,
                    "bad",
                    Map.of(
                        "merge-engine",
                        "partial-update",
                        "ignore-delete",
                        "true",
                        "partial-update.remove-record-on-delete",
                        "true")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("db.bad")
        .hasMessageContaining("partial-update.remove-record-on-delete");
    assertThat(catalog.tableExists(Identifier.of("db", "bad"))).isFalse();
  }
}
