package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;

import dev.lakeops.agent.approval.ProposalService;
import dev.lakeops.runbooks.action.ActionKind;
import dev.lakeops.runbooks.approval.Proposal;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import io.restassured.http.ContentType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Alerts, tables and proposals for the console tests. */
final class ConsoleFixtures {

  private ConsoleFixtures() {}

  /** Posts one firing Alertmanager alert; returns the incident id. */
  static String postAlert(String alertname, String summary) {
    String body =
        """
        {"version":"4","status":"firing","receiver":"lakeops","groupKey":"{}:{alertname=\\"%s\\"}",
         "alerts":[{"status":"firing","labels":{"alertname":"%s","severity":"critical","test_run":"%s"},
                    "annotations":{"summary":"%s"},"startsAt":"2024-05-01T12:00:00Z","endsAt":"0001-01-01T00:00:00Z"}]}
        """
            .formatted(alertname, alertname, UUID.randomUUID(), summary.replace("\"", "\\\""));
    return given()
        .contentType(ContentType.JSON)
        .body(body)
        .post("/api/alerts/alertmanager")
        .then()
        .statusCode(202)
        .extract()
        .jsonPath()
        .getString("incidents[0].id");
  }

  /**
   * A table {@code db.orders} written by the table engine with {@code commits} commits of two rows.
   */
  static Table orders(Path warehouse, int commits) {
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    Table t =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("dt", AtomicType.string())
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("name", AtomicType.string())
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2")
                .option("file.format", "avro")
                .build());
    for (int i = 1; i <= commits; i++) {
      try (TableWrite write = t.newWrite("console-test")) {
        write.write(Row.of("2024-01-0" + (1 + i % 2), 2 * i - 1, "row" + (2 * i - 1)));
        write.write(Row.of("2024-01-0" + (1 + i % 2), 2 * i, "row" + (2 * i)));
        t.newCommit().commit(write.prepareCommit(i));
      }
    }
    return t;
  }

  /** A pending {@code table.create_tag} proposal on a fresh real table under {@code dir}. */
  static Proposal tagProposal(ProposalService proposals, Path dir, String tag) {
    return tagProposal(proposals, dir, tag, "keep a marker before the fix", null);
  }

  /** The same, with the given reason and request text (both shown to approvers as data). */
  static Proposal tagProposal(
      ProposalService proposals, Path dir, String tag, String reason, String originText) {
    Table t = orders(dir.resolve("wh-" + UUID.randomUUID()), 2);
    return proposals.propose(
        ActionKind.TABLE_CREATE_TAG,
        Map.of("table", t.paths().root().toString(), "tag", tag),
        "console-test",
        reason,
        List.of("table.snapshots#1"),
        originText);
  }
}
