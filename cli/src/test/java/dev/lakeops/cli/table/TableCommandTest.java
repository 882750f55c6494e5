package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.cli.CliTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lakeops table ...} on a warehouse lakeops wrote: answers, JSON shapes, and errors that
 * name the input.
 */
class TableCommandTest {

  @TempDir Path dir;

  private String warehouse;
  private final CliRun cli = new CliRun();

  @BeforeEach
  void writeWarehouse() {
    warehouse = CliTables.warehouse(dir).toString();
  }

  private static List<String> texts(JsonNode rows, String field) {
    List<String> values = new ArrayList<>();
    rows.forEach(r -> values.add(r.get(field).asText()));
    return values;
  }

  // ---- list and describe

  @Test
  void listsTheTablesOfAWarehouseWithKeysAndLatestSnapshot() throws Exception {
    assertThat(cli.run("table", "list", "--warehouse", warehouse, "--json")).isZero();

    JsonNode rows = cli.json().get("rows");
    assertThat(texts(rows, "table")).containsExactly("empty", "orders");
    assertThat(rows.get(1).get("primary_keys").asText()).isEqualTo("dt,id");
    assertThat(rows.get(1).get("latest_snapshot").asLong()).isEqualTo(2);
    assertThat(rows.get(1).get("total_record_count").asLong()).isEqualTo(5);
    assertThat(rows.get(0).get("latest_snapshot").isNull()).isTrue();
  }

  @Test
  void rejectsAWarehouseThatDoesNotExist() {
    assertThat(cli.run("table", "list", "--warehouse", dir.resolve("nowhere").toString()))
        .isEqualTo(2);
    assertThat(cli.err())
        .contains("--warehouse")
        .contains("nowhere")
        .contains("no such directory")
        .doesNotContain("Exception");
  }

  @Test
  void rejectsAnUnknownDatabaseNamingTheExistingOnes() {
    assertThat(cli.run("table", "list", "--warehouse", warehouse, "--database", "sales"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--database sales").contains("databases: db");
  }

  @Test
  void describesColumnsKeysOptionsAndTheLatestSnapshot() throws Exception {
    assertThat(cli.run("table", "describe", "--warehouse", warehouse, "db.orders")).isZero();
    assertThat(cli.out())
        .contains("primary key     dt, id")
        .contains("bucket          2")
        .contains("file.format = avro")
        .contains("latest snapshot 2: APPEND")
        .contains("tags            first");

    assertThat(cli.run("table", "describe", "--warehouse", warehouse, "db.orders", "--json"))
        .isZero();
    JsonNode d = cli.json();
    assertThat(texts(d.get("columns"), "name")).containsExactly("dt", "id", "name", "price");
    assertThat(d.get("latestSnapshot").get("id").asLong()).isEqualTo(2);
    assertThat(d.get("comment").asText()).isEqualTo("orders by day");
  }

  @Test
  void answersSchemaAsDescribe() {
    assertThat(cli.run("table", "schema", "--warehouse", warehouse, "db.orders")).isZero();
    assertThat(cli.out()).contains("partition keys  dt");
  }

  @Test
  void acceptsATableDirectoryInsteadOfAWarehouse() {
    assertThat(cli.run("table", "describe", dir.resolve("db.db/orders").toString())).isZero();
    assertThat(cli.out()).contains("primary key     dt, id");
  }

  @Test
  void rejectsAnUnknownTableNamingTheTablesThatExist() {
    assertThat(cli.run("table", "describe", "--warehouse", warehouse, "db.order")).isEqualTo(2);
    assertThat(cli.err()).contains("db.order").contains("tables: empty, orders");
  }

  @Test
  void rejectsATableNameWithoutDatabase() {
    assertThat(cli.run("table", "snapshots", "--warehouse", warehouse, "orders")).isEqualTo(2);
    assertThat(cli.err()).contains("'orders'").contains("DATABASE.TABLE");
  }

  @Test
  void rejectsADirectoryThatHoldsNoTable() throws Exception {
    Files.createDirectories(dir.resolve("plain"));

    assertThat(cli.run("table", "describe", dir.resolve("plain").toString())).isEqualTo(2);
    assertThat(cli.err()).contains("plain").contains("schema");
  }

  @Test
  void listsATableWithACorruptSchemaWithTheProblemAndFailsToDescribeItNamingTheFile()
      throws Exception {
    Files.writeString(dir.resolve("db.db/orders/schema/schema-1"), "{not json");

    assertThat(cli.run("table", "list", "--warehouse", warehouse, "--json")).isZero();
    JsonNode orders = cli.json().get("rows").get(1);
    assertThat(orders.get("table").asText()).isEqualTo("orders");
    assertThat(orders.get("problem").asText()).contains("schema-1");

    assertThat(cli.run("table", "describe", "--warehouse", warehouse, "db.orders")).isEqualTo(1);
    assertThat(cli.err()).contains("schema-1").doesNotContain("\tat ");
  }

  // ---- system tables

  @Test
  void printsSnapshotsWithPaimonsColumns() throws Exception {
    assertThat(cli.run("table", "snapshots", "--warehouse", warehouse, "db.orders", "--json"))
        .isZero();

    JsonNode s = cli.json();
    assertThat(s.get("systemTable").asText()).isEqualTo("$snapshots");
    assertThat(texts(s.get("columns"), "name"))
        .startsWith("snapshot_id", "schema_id", "commit_user");
    assertThat(texts(s.get("rows"), "commit_identifier")).containsExactly("1", "2");
  }

  @Test
  void printsTheFilesOfAnOlderSnapshot() throws Exception {
    assertThat(
            cli.run(
                "table",
                "files",
                "--warehouse",
                warehouse,
                "db.orders",
                "--snapshot",
                "1",
                "--json"))
        .isZero();

    JsonNode f = cli.json();
    assertThat(f.get("snapshot").asLong()).isEqualTo(1);
    long rows = 0;
    for (JsonNode file : f.get("rows")) {
      rows += file.get("record_count").asLong();
    }
    assertThat(rows).isEqualTo(3);
  }

  @Test
  void printsFilesAsAnAlignedTextTable() {
    assertThat(cli.run("table", "files", "--warehouse", warehouse, "db.orders")).isZero();
    assertThat(cli.out())
        .startsWith("partition")
        .contains("{2024-01-01}")
        .contains("file:")
        .contains("rows)");
  }

  @Test
  void rejectsASnapshotThatDoesNotExistNamingTheRangeThatDoes() {
    assertThat(cli.run("table", "files", "--warehouse", warehouse, "db.orders", "--snapshot", "7"))
        .isEqualTo(2);
    assertThat(cli.err())
        .contains("--snapshot 7")
        .contains("snapshots 1..2 exist")
        .doesNotContain("Exception");
  }

  @Test
  void failsOnACorruptSnapshotNamingTheFile() throws Exception {
    Files.writeString(dir.resolve("db.db/orders/snapshot/snapshot-1"), "{\"version\": 3");

    assertThat(cli.run("table", "snapshots", "--warehouse", warehouse, "db.orders")).isEqualTo(1);
    assertThat(cli.err()).contains("snapshot-1").doesNotContain("\tat ");
  }

  @Test
  void printsTagsPartitionsAndBuckets() throws Exception {
    assertThat(cli.run("table", "tags", "--warehouse", warehouse, "db.orders", "--json")).isZero();
    assertThat(texts(cli.json().get("rows"), "tag_name")).containsExactly("first");

    assertThat(cli.run("table", "partitions", "--warehouse", warehouse, "db.orders", "--json"))
        .isZero();
    assertThat(texts(cli.json().get("rows"), "partition"))
        .containsExactly("{2024-01-01}", "{2024-01-02}");

    assertThat(
            cli.run(
                "table",
                "buckets",
                "--warehouse",
                warehouse,
                "db.orders",
                "--tag",
                "first",
                "--json"))
        .isZero();
    assertThat(cli.json().get("snapshot").asLong()).isEqualTo(1);
  }

  @Test
  void printsAnySystemTableByNameWithOrWithoutDollar() throws Exception {
    assertThat(cli.run("table", "sys", "--warehouse", warehouse, "db.orders", "$options", "--json"))
        .isZero();
    assertThat(texts(cli.json().get("rows"), "key")).containsExactly("bucket", "file.format");

    assertThat(cli.run("table", "sys", "--warehouse", warehouse, "db.orders", "schemas")).isZero();
    assertThat(cli.out()).contains("schema_id").contains("[\"dt\",\"id\"]");
  }

  @Test
  void rejectsAnUnknownSystemTableListingTheKnownOnes() {
    assertThat(cli.run("table", "sys", "--warehouse", warehouse, "db.orders", "$audit"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("$audit").contains("$snapshots").contains("$consumers");
  }

  // ---- read

  @Test
  void readsTheLatestRowsMergedOnRead() throws Exception {
    assertThat(cli.run("table", "read", "--warehouse", warehouse, "db.orders", "--json")).isZero();

    JsonNode r = cli.json();
    assertThat(r.get("snapshot").asLong()).isEqualTo(2);
    assertThat(r.get("rows")).hasSize(4);
    assertThat(texts(r.get("rows"), "name"))
        .containsExactlyInAnyOrder("apple, green", "pear", "fig", "kiwi");
    assertThat(r.get("rows").findValues("price").stream().filter(JsonNode::isNull)).hasSize(1);
  }

  @Test
  void readsAnOlderSnapshotATagAndATime() throws Exception {
    assertThat(
            cli.run(
                "table",
                "read",
                "--warehouse",
                warehouse,
                "db.orders",
                "--snapshot",
                "1",
                "--json"))
        .isZero();
    assertThat(texts(cli.json().get("rows"), "name"))
        .containsExactlyInAnyOrder("apple", "pear", "fig");

    assertThat(
            cli.run(
                "table", "read", "--warehouse", warehouse, "db.orders", "--tag", "first", "--json"))
        .isZero();
    assertThat(cli.json().get("snapshot").asLong()).isEqualTo(1);

    assertThat(
            cli.run(
                "table",
                "read",
                "--warehouse",
                warehouse,
                "db.orders",
                "--timestamp",
                Long.toString(System.currentTimeMillis() + 60_000),
                "--json"))
        .isZero();
    assertThat(cli.json().get("snapshot").asLong()).isEqualTo(2);
  }

  @Test
  void rejectsATagThatDoesNotExistNamingTheTagsThatDo() {
    assertThat(cli.run("table", "read", "--warehouse", warehouse, "db.orders", "--tag", "nightly"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--tag nightly").contains("tags: first");
  }

  @Test
  void rejectsATimeBeforeTheFirstSnapshotAndATimeThatDoesNotParse() {
    assertThat(
            cli.run("table", "read", "--warehouse", warehouse, "db.orders", "--timestamp", "1000"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--timestamp 1000");

    assertThat(
            cli.run(
                "table", "read", "--warehouse", warehouse, "db.orders", "--timestamp", "yesterday"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("'yesterday'").contains("not a time");
  }

  @Test
  void rejectsTwoSnapshotChoices() {
    assertThat(
            cli.run(
                "table",
                "read",
                "--warehouse",
                warehouse,
                "db.orders",
                "--snapshot",
                "1",
                "--tag",
                "first"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("at most one");
  }

  @Test
  void filtersWithWhereAndLimits() throws Exception {
    assertThat(
            cli.run(
                "table",
                "read",
                "--warehouse",
                warehouse,
                "db.orders",
                "--where",
                "dt=2024-01-02",
                "--where",
                "id>3",
                "--json"))
        .isZero();
    assertThat(texts(cli.json().get("rows"), "name")).containsExactly("kiwi");

    assertThat(
            cli.run(
                "table", "read", "--warehouse", warehouse, "db.orders", "--limit", "2", "--json"))
        .isZero();
    assertThat(cli.json().get("rows")).hasSize(2);
  }

  @Test
  void rejectsAWhereWithoutOperatorOnAnUnknownColumnOrWithAValueOfTheWrongType() {
    assertThat(cli.run("table", "read", "--warehouse", warehouse, "db.orders", "--where", "dt"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("--where 'dt'").contains("COLUMN=VALUE");

    assertThat(cli.run("table", "read", "--warehouse", warehouse, "db.orders", "--where", "day=1"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("no column 'day'").contains("columns: dt, id, name, price");

    assertThat(cli.run("table", "read", "--warehouse", warehouse, "db.orders", "--where", "id=one"))
        .isEqualTo(2);
    assertThat(cli.err()).contains("'one' is not a INT NOT NULL value");
  }

  @Test
  void printsCsvWithAHeaderAndQuotesFieldsWithCommas() {
    assertThat(
            cli.run(
                "table",
                "read",
                "--warehouse",
                warehouse,
                "db.orders",
                "--format",
                "csv",
                "--columns",
                "id,name",
                "--where",
                "id=1"))
        .isZero();
    assertThat(cli.out().lines().toList()).containsExactly("id,name", "1,\"apple, green\"");
  }

  @Test
  void readsNothingFromATableWithoutSnapshots() throws Exception {
    assertThat(cli.run("table", "read", "--warehouse", warehouse, "db.empty", "--json")).isZero();
    assertThat(cli.json().get("rows")).isEmpty();
    assertThat(cli.json().get("snapshot").isNull()).isTrue();
  }
}
