package dev.lakeops.cli.triage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.cli.CliRun;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.io.s3.S3ProxyServer;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The duplicate-write story on a warehouse in a real S3Proxy: {@code triage --warehouse s3://…}
 * finds the restarted writer and proposes the rollback by the table's URI; the rollback, proposed,
 * approved and executed with {@code actions} (the store's settings from {@code
 * lakeops.tables.store.*}), leaves the table on S3 without the replayed rows.
 */
@ExtendWith(S3ProxyServer.class)
class TriageStoreWarehouseTest {

  @TempDir Path dir;
  private String warehouse;
  private Catalog catalog;

  @BeforeEach
  void writeTheReplayedTable() {
    warehouse = "s3://" + S3ProxyServer.get().newBucket() + "/lake";
    catalog = Catalog.open(warehouse, S3ProxyServer.get().options());
    catalog.createDatabase("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "payments"),
            TableDefinition.builder()
                .column("order_id", AtomicType.of(TypeRoot.BIGINT))
                .column("amount", AtomicType.of(TypeRoot.INT))
                .build());
    for (String user : List.of("job-a", "job-b")) {
      for (int checkpoint = 1; checkpoint <= 3; checkpoint++) {
        try (TableWrite write = t.newWrite(user)) {
          write.write(Row.of((long) checkpoint, checkpoint * 10));
          t.newCommit().commit(write.prepareCommit(checkpoint));
        }
      }
    }
  }

  private Path config(String extra) throws Exception {
    StringBuilder s = new StringBuilder(extra);
    S3ProxyServer.get()
        .options()
        .forEach(
            (k, v) ->
                s.append("lakeops.tables.store.").append(k).append('=').append(v).append('\n'));
    return Files.writeString(dir.resolve("application.properties"), s, StandardCharsets.UTF_8);
  }

  @Test
  void triagesTheReplayOnS3AndRollsItBackThereAfterApproval() throws Exception {
    Path alert =
        Files.writeString(
            dir.resolve("alert.json"),
            "{\"version\":\"4\",\"status\":\"firing\",\"alerts\":[{\"status\":\"firing\","
                + "\"labels\":{\"alertname\":\"LakeTableDuplicateKeys\",\"table\":\"db.payments\","
                + "\"keys\":\"order_id\"},\"annotations\":{}}]}");
    List<String> store = new ArrayList<>();
    S3ProxyServer.get().options().forEach((k, v) -> store.addAll(List.of("--store", k + "=" + v)));
    CliRun triage = new CliRun();
    List<String> args =
        new ArrayList<>(
            List.of("triage", "--alert", alert.toString(), "--warehouse", warehouse, "--json"));
    args.addAll(store);

    assertThat(triage.run(args.toArray(String[]::new))).as(triage.err()).isZero();

    JsonNode verdict = triage.json().get(0).path("verdict");
    assertThat(verdict.path("category").asText()).isEqualTo("DUPLICATES");
    assertThat(verdict.path("entities").path("rollbackTo").asText()).isEqualTo("3");
    JsonNode rollback = null;
    for (JsonNode p : verdict.path("proposals")) {
      if (p.path("action").asText().equals("table.rollback_to_as_latest")) {
        rollback = p;
      }
    }
    assertThat(rollback).as(verdict.toString()).isNotNull();
    String table = rollback.path("args").path("table").asText();
    assertThat(table).isEqualTo(warehouse + "/db.db/payments");

    Path cfg =
        config("lakeops.approvers.alice.roles=approver\nlakeops.approvers.bob.roles=approver\n");
    CliRun cli =
        CliRun.withTrailingArgs(
            "--state-dir", dir.resolve("state").toString(), "--config", cfg.toString());
    List<String> propose =
        new ArrayList<>(List.of("actions", "propose", "table.rollback_to_as_latest"));
    rollback
        .path("args")
        .fields()
        .forEachRemaining(
            e -> propose.addAll(List.of("--arg", e.getKey() + "=" + e.getValue().asText())));
    propose.addAll(List.of("--requester", "agent", "--reason", "replayed checkpoints", "--json"));
    assertThat(cli.run(propose.toArray(String[]::new))).as(cli.err()).isZero();
    String id = cli.json().path("id").asText();
    assertThat(cli.run("actions", "approve", id, "--as", "alice")).as(cli.err()).isZero();
    if (!cli.out().contains("APPROVED")) {
      assertThat(cli.run("actions", "approve", id, "--as", "bob")).as(cli.err()).isZero();
    }

    assertThat(cli.run("actions", "execute", id, "--as", "alice")).as(cli.err()).isZero();

    assertThat(cli.out()).contains(": DONE").contains("verification: PASSED");
    Table after = catalog.loadTable(Identifier.of("db", "payments"));
    assertThat(after.latestSnapshot().orElseThrow().id()).isEqualTo(7);
    assertThat(after.newRead().readAll(after.newScan().plan()).stream().map(r -> r.get(0)))
        .containsExactlyInAnyOrder(1L, 2L, 3L);
  }
}
