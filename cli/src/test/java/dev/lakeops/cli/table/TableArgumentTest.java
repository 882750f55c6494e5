package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.cli.CliTables;
import dev.lakeops.table.Table;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@link TableArgument}: which table {@code [--warehouse DIR] TABLE} names, and the one line when
 * it names none.
 */
class TableArgumentTest {

  /** Loads the table its arguments name. */
  @Command(name = "probe")
  static final class Probe implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin TableArgument table;
    Table loaded;

    @Override
    public Integer call() {
      loaded = table.load(spec);
      return 0;
    }
  }

  @TempDir Path dir;
  private Path warehouse;
  private final Probe probe = new Probe();
  private StringWriter err;

  @BeforeEach
  void writeWarehouse() {
    warehouse = CliTables.warehouse(dir.resolve("wh"));
  }

  private int run(String... args) {
    err = new StringWriter();
    return new CommandLine(probe).setErr(new PrintWriter(err)).execute(args);
  }

  @Test
  void loadsDatabaseTableInTheWarehouse() {
    assertThat(run("--warehouse", warehouse.toString(), "db.orders")).isZero();

    assertThat(probe.loaded.paths().root())
        .isEqualTo(warehouse.resolve("db.db/orders").toAbsolutePath());
    assertThat(probe.table.name()).isEqualTo("db.orders");
    assertThat(probe.table.locator(probe.spec).warehouse())
        .contains(warehouse.toAbsolutePath().normalize());
  }

  @Test
  void loadsATableDirectoryWithoutAWarehouse() {
    assertThat(run(warehouse.resolve("db.db/orders").toString())).isZero();

    assertThat(probe.loaded.schema().primaryKeys()).containsExactly("dt", "id");
    assertThat(probe.table.locator(probe.spec).warehouse()).isEmpty();
  }

  @Test
  void requiresAWarehouseForADatabaseTableName() {
    assertThat(run("db.orders")).isEqualTo(2);
    assertThat(err.toString())
        .contains("--warehouse DIR|URI is required")
        .doesNotContain("Exception");
  }

  @Test
  void refusesAWarehouseThatIsMissingOrAFile() throws Exception {
    assertThat(run("--warehouse", dir.resolve("nowhere").toString(), "db.orders")).isEqualTo(2);
    assertThat(err.toString())
        .contains("--warehouse " + dir.resolve("nowhere") + ": no such directory");

    Path file = Files.writeString(dir.resolve("file"), "x");
    assertThat(run("--warehouse", file.toString(), "db.orders")).isEqualTo(2);
    assertThat(err.toString()).contains("--warehouse " + file + ": not a directory");
  }

  @Test
  void namesTheTablesOfTheDatabaseForAnUnknownTable() {
    assertThat(run("--warehouse", warehouse.toString(), "db.nope")).isEqualTo(2);
    assertThat(err.toString())
        .contains("table db.nope: no table 'nope' in database 'db'")
        .contains("(tables: empty, orders)");
  }

  @Test
  void namesTheDatabasesOfTheWarehouseForAnUnknownDatabase() {
    assertThat(run("--warehouse", warehouse.toString(), "sales.orders")).isEqualTo(2);
    assertThat(err.toString())
        .contains("table sales.orders: no database 'sales'")
        .contains("(databases: db)");
  }

  @Test
  void refusesANameWithoutDatabase() {
    assertThat(run("--warehouse", warehouse.toString(), "orders")).isEqualTo(2);
    assertThat(err.toString()).contains("table 'orders': expected DATABASE.TABLE, e.g. db.orders");
  }

  @Test
  void refusesAPathThatIsNoDirectoryOrHoldsNoTable() throws Exception {
    assertThat(run(dir.resolve("nope/orders").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("nope/orders: no such directory");

    Path plain = Files.createDirectories(dir.resolve("plain"));
    assertThat(run(plain.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("table " + plain + ": ");
    assertThat(probe.loaded).isNull();
  }
}
