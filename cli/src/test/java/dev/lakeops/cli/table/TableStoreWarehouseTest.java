package dev.lakeops.cli.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.cli.CliTables;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.meta.CommitKind;
import dev.lakeops.table.system.TableMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table commands on a warehouse on a store ({@code --warehouse URI} with the store's settings
 * from {@code --store}): reads, diagnosis, a write and a rollback there, tags, compaction,
 * expiration and orphan removal, every approved table action ({@code actions}), the requests {@code
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
    writeOneRow();
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
  void tagsCompactsExpiresAndRemovesOrphansThere() throws Exception {
    List<String> before = rows(table());
    assertThat(cli.run(args("table", "tag", "create", "db.orders", "v2", "--warehouse", warehouse)))
        .as(cli.err())
        .isZero();
    assertThat(cli.run(args("table", "compact", "db.orders", "--warehouse", warehouse, "--full")))
        .as(cli.err())
        .isZero();
    Table compacted = table();
    assertThat(compacted.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
    assertThat(rows(compacted)).isEqualTo(before);

    assertThat(
            cli.run(
                args(
                    "table",
                    "expire",
                    "db.orders",
                    "--warehouse",
                    warehouse,
                    "--retain-min",
                    "1",
                    "--retain-max",
                    "1",
                    "--older-than",
                    "0s")))
        .as(cli.err())
        .isZero();
    Table expired = table();
    assertThat(expired.snapshotStore().findSnapshot(1)).isEmpty();
    assertThat(expired.snapshotStore().findSnapshot(2)).isEmpty();
    assertThat(rows(expired)).isEqualTo(before);
    assertThat(
            cli.run(args("table", "read", "db.orders", "--warehouse", warehouse, "--tag", "first")))
        .as(cli.err())
        .isZero();
    assertThat(cli.out()).contains("(3 rows)");

    Path orphan = strayDataFile(expired);
    assertThat(
            cli.run(
                args(
                    "table",
                    "orphans",
                    "db.orders",
                    "--warehouse",
                    warehouse,
                    "--older-than",
                    "0s",
                    "--delete",
                    "--json")))
        .as(cli.err())
        .isZero();
    assertThat(cli.json().toString()).contains(orphan.getFileName().toString());
    assertThat(expired.io().exists(orphan)).isFalse();
    assertThat(rows(table())).isEqualTo(before);
  }

  @Test
  void runsEveryApprovedTableActionThere() throws Exception {
    List<String> before = rows(table());
    StringBuilder config =
        new StringBuilder(
            "lakeops.approvers.alice.roles=approver\nlakeops.approvers.bob.roles=approver\n");
    storeOptions()
        .forEach(
            (k, v) ->
                config
                    .append("lakeops.tables.store.")
                    .append(k)
                    .append('=')
                    .append(v)
                    .append('\n'));
    Path cfg = Files.writeString(dir.resolve("application.properties"), config);
    CliRun actions =
        CliRun.withTrailingArgs(
            "--state-dir", dir.resolve("state").toString(), "--config", cfg.toString());

    approveAndExecute(actions, "table.create_tag", "tag=before-fix");
    assertThat(new TableMetadata(table()).tags().keySet()).contains("before-fix");
    approveAndExecute(actions, "table.compact");
    assertThat(table().latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
    approveAndExecute(
        actions, "table.expire_snapshots", "retain-min=1", "retain-max=1", "older-than=0s");
    assertThat(table().snapshotStore().findSnapshot(1)).isEmpty();
    Path orphan = strayDataFile(table());
    approveAndExecute(actions, "table.remove_orphan_files", "older-than=0s");
    assertThat(table().io().exists(orphan)).isFalse();
    assertThat(rows(table())).isEqualTo(before);

    writeOneRow();
    long compactedAt = latest() - 1;
    assertThat(rows(table())).hasSize(before.size() + 1);
    approveAndExecute(actions, "table.rollback_to", "snapshot=" + compactedAt);
    assertThat(latest()).isEqualTo(compactedAt);
    assertThat(rows(table())).isEqualTo(before);
    assertThat(actions.run("audit", "--verify")).as(actions.err()).isZero();
  }

  /**
   * Proposes {@code action} on db.orders of the warehouse, approves it as its tier needs, runs it.
   */
  private void approveAndExecute(CliRun actions, String action, String... extraArgs)
      throws Exception {
    List<String> propose =
        new ArrayList<>(
            List.of(
                "actions",
                "propose",
                action,
                "--arg",
                "warehouse=" + warehouse,
                "--arg",
                "table=db.orders"));
    for (String a : extraArgs) {
      propose.addAll(List.of("--arg", a));
    }
    propose.addAll(List.of("--requester", "agent", "--reason", "maintenance", "--json"));
    assertThat(actions.run(propose.toArray(String[]::new))).as(actions.err()).isZero();
    String id = actions.json().path("id").asText();
    assertThat(actions.run("actions", "approve", id, "--as", "alice")).as(actions.err()).isZero();
    if (!actions.out().contains("APPROVED")) {
      assertThat(actions.run("actions", "approve", id, "--as", "bob")).as(actions.err()).isZero();
    }
    assertThat(actions.run("actions", "execute", id, "--as", "alice"))
        .as(action + ": " + actions.out() + actions.err())
        .isZero();
    assertThat(actions.out()).as(action).contains(": DONE").contains("verification: PASSED");
  }

  /** {@code table write} of one new row (2024-01-09, 9, date) into db.orders of the warehouse. */
  private void writeOneRow() throws Exception {
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
  }

  /** A data file in a bucket of {@code t} that no snapshot names, as a crashed writer leaves. */
  private static Path strayDataFile(Table t) {
    Path file =
        t.paths()
            .root()
            .resolve("dt=2024-01-01")
            .resolve("bucket-0")
            .resolve("data-" + UUID.randomUUID() + "-0.avro");
    t.io().writeAtomically(file, new byte[64]);
    return file;
  }

  private Table table() {
    return Catalog.open(warehouse, storeOptions()).loadTable(Identifier.of("db", "orders"));
  }

  private static List<String> rows(Table t) {
    return t.newRead().readAll(t.newScan().plan()).stream().map(Object::toString).sorted().toList();
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
