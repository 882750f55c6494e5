package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.cli.CliTables;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.io.s3.S3ProxyServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table commands on a warehouse in a real S3Proxy: {@code --warehouse s3://bucket/path} with
 * the store's settings from {@code --store}, reads, diagnosis, a write and a rollback there, the
 * requests {@code --stats} counts, and the store's refusals as one line naming the URI.
 */
@ExtendWith(S3ProxyServer.class)
class TableStoreWarehouseTest {

  @TempDir Path dir;
  private final CliRun cli = new CliRun();
  private String bucket;
  private String warehouse;

  @BeforeEach
  void writeWarehouseInABucket() {
    bucket = S3ProxyServer.get().newBucket();
    warehouse = "s3://" + bucket + "/lake";
    CliTables.write(Catalog.open(warehouse, S3ProxyServer.get().options()));
  }

  private String[] args(String... command) {
    return args(S3ProxyServer.get().options(), command);
  }

  private String[] args(Map<String, String> store, String... command) {
    List<String> all = new ArrayList<>(List.of(command));
    store.forEach((k, v) -> all.addAll(List.of("--store", k + "=" + v)));
    return all.toArray(String[]::new);
  }

  @Test
  void listsDescribesAndReadsTablesOfAWarehouseOnS3() throws Exception {
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
  void diagnosesATableOnS3WithTheTableTools() throws Exception {
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
  void writesAndRollsBackATableOnS3() throws Exception {
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
  void wrongCredentialsAreOneLineNamingTheWarehouseNeverTheSecret() {
    Map<String, String> store = new java.util.HashMap<>(S3ProxyServer.get().options());
    store.put("s3.secret-key", "not-the-secret-0123456789");

    int exit = cli.run(args(store, "table", "list", "--warehouse", warehouse));

    assertThat(exit).isEqualTo(2);
    assertThat(cli.err())
        .contains("--warehouse " + warehouse)
        .contains("403")
        .doesNotContain("not-the-secret")
        .doesNotContain(S3ProxyServer.get().credential())
        .doesNotContain("Exception");
  }

  @Test
  void refusesABucketThatDoesNotExistAPrefixWithNothingAndAnUnknownScheme() {
    String missing = "s3://no-such-bucket-" + bucket + "/lake";
    assertThat(cli.run(args("table", "list", "--warehouse", missing))).isEqualTo(2);
    assertThat(cli.err()).contains(missing).doesNotContain("Exception");

    String empty = "s3://" + bucket + "/nothing-here";
    assertThat(cli.run(args("table", "list", "--warehouse", empty))).isEqualTo(2);
    assertThat(cli.err()).contains(empty).contains("no such warehouse");

    assertThat(cli.run("table", "list", "--warehouse", "gs://bucket/lake")).isEqualTo(2);
    assertThat(cli.err()).contains("gs://bucket/lake").contains("scheme 'gs'").contains("s3");

    assertThat(cli.run(args("table", "list", "--warehouse", warehouse, "--store", "s3.bogus=1")))
        .isEqualTo(2);
    assertThat(cli.err()).contains("s3.bogus").doesNotContain("Exception");
  }

  @Test
  void aTableOutsideTheStoreWarehouseIsRefusedByName() {
    int exit =
        cli.run(args("table", "timeline", "/etc/passwd", "--warehouse", warehouse, "--json"));

    assertThat(exit).isEqualTo(1);
    assertThat(cli.err()).contains("not a table of warehouse " + warehouse);
  }

  private long latest() {
    return Catalog.open(warehouse, S3ProxyServer.get().options())
        .loadTable(Identifier.of("db", "orders"))
        .latestSnapshot()
        .orElseThrow()
        .id();
  }
}
