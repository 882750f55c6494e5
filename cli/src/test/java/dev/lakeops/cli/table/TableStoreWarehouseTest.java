package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.cli.CliTables;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table commands on a warehouse on a store ({@code --warehouse URI} with the store's settings
 * from {@code --store}): reads, diagnosis, a write and a rollback there, the requests {@code
 * --stats} counts. Each store's test runs it on its real server; the store's own refusals are in
 * the subclass.
 */
abstract class TableStoreWarehouseTest {

  /** A warehouse URI no other test uses. */
  protected abstract String newWarehouse();

  /** The store's options, as {@code --store} passes them. */
  protected abstract Map<String, String> storeOptions();

  @TempDir Path dir;
  protected final CliRun cli = new CliRun();
  protected String warehouse;

  @BeforeEach
  void writeWarehouseInABucket() {
    warehouse = newWarehouse();
    CliTables.write(Catalog.open(warehouse, storeOptions()));
  }

  protected String[] args(String... command) {
    return args(storeOptions(), command);
  }

  protected String[] args(Map<String, String> store, String... command) {
    List<String> all = new ArrayList<>(List.of(command));
    store.forEach((k, v) -> all.addAll(List.of("--store", k + "=" + v)));
    return all.toArray(String[]::new);
  }

  @Test
  void listsDescribesAndReadsTablesOfTheWarehouse() throws Exception {
    assertThat(cli.run(args("table", "list", "--warehouse", warehouse, "--json")))
        .as(cli.err())
        .isZero();
    JsonNode list = cli.json();
    assertThat(list.get("warehouse").asText()).isEqualTo(warehouse);
    assertThat(list.get("rows").get(1).get("table").asText()).isEqualTo("orders");
    assertThat(list.get("rows").get(1).get("total_record_count").asLong()).isEqualTo(5);

    assertThat(cli.run(args("table", "snapshots", "db.orders", "--warehouse", warehouse, "--json")))
        .as(cli.err())
        .isZero();
    assertThat(cli.json().get("rows")).hasSize(2);

    assertThat(cli.run(args("table", "read", "db.orders", "--warehouse", warehouse)))
        .as(cli.err())
        .isZero();
    assertThat(cli.out().lines())
        .containsExactly(
            "dt          id  name          price",
            "2024-01-01  1   apple, green  1.75",
            "2024-01-01  2   pear          2.0",
            "2024-01-02  3   fig           3.25",
            "2024-01-02  4   kiwi          null",
            "(4 rows)");
  }

  @Test
  void diagnosesATableWithTheTableTools() throws Exception {
    assertThat(cli.run(args("table", "timeline", "db.orders", "--warehouse", warehouse, "--json")))
        .as(cli.err())
        .isZero();
    JsonNode report = cli.json();
    assertThat(report.get("status").asText()).isEqualTo("OK");
    assertThat(report.toString()).contains(CliTables.USER);
    JsonNode cost = null;
    for (JsonNode f : report.get("findings")) {
      if (f.get("code").asText().equals("table.store.requests")) {
        cost = f;
      }
    }
    assertThat(cost).as(report.toString()).isNotNull();
    assertThat(cost.get("evidence").get("gets").asLong()).isPositive();
    assertThat(cost.get("evidence").get("bytesRead").asLong()).isPositive();
    assertThat(cost.get("subject").asText()).isEqualTo(warehouse + "/db.db/orders");

    Path local = CliTables.warehouse(dir.resolve("wh"));
    assertThat(cli.run("table", "timeline", "db.orders", "--warehouse", local.toString(), "--json"))
        .isZero();
    assertThat(cli.json().toString()).doesNotContain("table.store.requests");
  }

  @Test
  void writesAndRollsBackATable() throws Exception {
    Path csv =
        Files.writeString(dir.resolve("rows.csv"), "dt,id,name,price\n2024-01-09,9,date,1\n");
    assertThat(
            cli.run(
                args(
                    "table",
                    "write",
                    "db.orders",
                    "--warehouse",
                    warehouse,
                    "--file",
                    csv.toString())))
        .as(cli.err())
        .isZero();
    assertThat(latest()).isEqualTo(3);

    assertThat(
            cli.run(
                args(
                    "table",
                    "rollback",
                    "db.orders",
                    "--warehouse",
                    warehouse,
                    "--snapshot",
                    "1",
                    "--yes",
                    "--json")))
        .as(cli.err())
        .isZero();
    assertThat(cli.json().get("removedSnapshots").toString()).isEqualTo("[3,2]");
    assertThat(latest()).isEqualTo(1);
    assertThat(cli.run(args("table", "read", "db.orders", "--warehouse", warehouse))).isZero();
    assertThat(cli.out().lines())
        .containsExactly(
            "dt          id  name   price",
            "2024-01-01  1   apple  1.5",
            "2024-01-01  2   pear   2.0",
            "2024-01-02  3   fig    3.25",
            "(3 rows)");
  }

  @Test
  void statsCountTheRequestsACommandMadeToTheStore() {
    assertThat(
            cli.run(args("table", "snapshots", "db.orders", "--warehouse", warehouse, "--stats")))
        .as(cli.err())
        .isZero();
    String line = cli.err().lines().filter(l -> l.contains("requests:")).findFirst().orElseThrow();
    assertThat(line).startsWith("lakeops: " + warehouse + " requests: ");
    long requests = Long.parseLong(line.replaceAll(".* requests: (\\d+) .*", "$1"));
    long gets = Long.parseLong(line.replaceAll(".*GET (\\d+),.*", "$1"));
    assertThat(gets).as(line).isPositive();
    assertThat(requests).as(line).isGreaterThanOrEqualTo(gets);

    assertThat(cli.run(args("table", "snapshots", "db.orders", "--warehouse", warehouse))).isZero();
    assertThat(cli.err()).doesNotContain("requests:");
  }

  @Test
  void aTableOutsideTheStoreWarehouseIsRefusedByName() {
    int exit =
        cli.run(args("table", "timeline", "/etc/passwd", "--warehouse", warehouse, "--json"));

    assertThat(exit).isEqualTo(1);
    assertThat(cli.err()).contains("not a table of warehouse " + warehouse);
  }

  private long latest() {
    return Catalog.open(warehouse, storeOptions())
        .loadTable(Identifier.of("db", "orders"))
        .latestSnapshot()
        .orElseThrow()
        .id();
  }
}
