package dev.lakeops.table.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakeops.table.Table;
import dev.lakeops.table.store.TableNotFoundException;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogTest {

  @TempDir Path dir;

  @Test
  void createsATableWithPaimonsSchemaRules() throws Exception {
    Catalog catalog = TestTables.warehouse(dir);
    Table table = TestTables.orders(catalog, "orders", Map.of());

    assertThat(dir.resolve("db.db/orders/schema/schema-0")).exists();
    assertThat(table.schema().id()).isZero();
    assertThat(table.schema().fields().get(1).type().nullable())
        .as("primary-key column forced NOT NULL")
        .isFalse();
    assertThat(table.schema().fields().get(2).type().nullable()).isTrue();
    assertThat(table.schema().highestFieldId()).isEqualTo(3);
    assertThat(table.options().bucket()).isEqualTo(2);
    assertThat(Files.readString(dir.resolve("db.db/orders/schema/schema-0")))
        .contains("\"primaryKeys\" : [ \"dt\", \"id\" ]");
  }

  @Test
  void listsLoadsAndDropsTables() {
    Catalog catalog = TestTables.warehouse(dir);
    TestTables.orders(catalog, "a", Map.of());
    TestTables.log(catalog, "b", Map.of());

    assertThat(catalog.listDatabases()).containsExactly("db");
    assertThat(catalog.listTables("db")).containsExactly("a", "b");
    assertThat(catalog.loadTable(Identifier.parse("db.b")).hasPrimaryKey()).isFalse();

    catalog.dropTable(Identifier.of("db", "a"));
    assertThat(catalog.listTables("db")).containsExactly("b");
    assertThat(dir.resolve("db.db/a")).doesNotExist();
  }

  @Test
  void loadingAMissingTableFailsWithTableNotFound() {
    Catalog catalog = TestTables.warehouse(dir);

    assertThatThrownBy(() -> catalog.loadTable(Identifier.of("db", "nope")))
        .isInstanceOf(TableNotFoundException.class)
        .hasMessageContaining("nope");
  }

  @Test
  void refusesToCreateATableTwice() {
    Catalog catalog = TestTables.warehouse(dir);
    TestTables.orders(catalog, "orders", Map.of());

    assertThatThrownBy(() -> TestTables.orders(catalog, "orders", Map.of()))
        .isInstanceOf(AlreadyExistsException.class)
        .hasMessageContaining("db.orders");
  }

  @Test
  void rejectsAPrimaryKeyOfPartitionKeysOnly() {
    Catalog catalog = TestTables.warehouse(dir);
    TableDefinition bad =
        TableDefinition.builder()
            .column("dt", AtomicType.string())
            .column("v", AtomicType.of(TypeRoot.INT))
            .partitionKeys("dt")
            .primaryKey("dt")
            .build();

    assertThatThrownBy(() -> catalog.createTable(Identifier.of("db", "bad"), bad))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("partition keys");
    assertThat(catalog.tableExists(Identifier.of("db", "bad"))).isFalse();
  }

  @Test
  void createTableInAMissingDatabaseFails() {
    Catalog catalog = Catalog.local(dir);

    assertThatThrownBy(() -> TestTables.log(catalog, "t", Map.of()))
        .isInstanceOf(DatabaseNotFoundException.class)
        .hasMessageContaining("'db'");
  }
}
