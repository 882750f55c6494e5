package dev.lakeops.agent.approval;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The agent on a warehouse in a store: an Alertmanager webhook about duplicate keys in a table a
 * restarted writer replayed into the store is triaged to the restart, the rollback it proposes
 * names the table by its URI, and once approved it runs there: the replayed rows are gone. Each
 * store's test gives the agent's profile, the warehouse and its settings.
 */
abstract class WarehouseTriageTestBase {

  /** The warehouse the profile gives the agent. */
  protected abstract String warehouse();

  /** The store settings of that warehouse. */
  protected abstract Map<String, String> storeOptions();

  /** The token of the profile's approver. */
  protected abstract String approverToken();

  private Table replayedTable() {
    Catalog catalog = Catalog.open(warehouse(), storeOptions());
    catalog.createDatabaseIfNotExists("db");
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
    return t;
  }

  private static final String ALERT =
      """
      {"version":"4","groupKey":"{}:{alertname=\\"LakeTableDuplicateKeys\\"}","status":"firing",
       "receiver":"lakeops","groupLabels":{},"commonLabels":{},"commonAnnotations":{},
       "externalURL":"http://am:9093","truncatedAlerts":0,
       "alerts":[{"status":"firing","labels":{"alertname":"LakeTableDuplicateKeys",
         "table":"db.payments","keys":"order_id"},"annotations":{"summary":"duplicate payments"},
         "startsAt":"2024-06-01T10:00:00Z","endsAt":"0001-01-01T00:00:00Z","generatorURL":"",
         "fingerprint":"53d0e1a2b3c4d5e6"}]}
      """;

  @Test
  void triagesTheReplayInTheBucketAndRollsItBackThereOnceApproved() throws Exception {
    Table table = replayedTable();
    String id =
        given()
            .contentType("application/json")
            .body(ALERT)
            .post("/api/alerts/alertmanager")
            .then()
            .log()
            .ifValidationFails()
            .statusCode(202)
            .extract()
            .jsonPath()
            .getString("incidents[0].id");

    JsonPath incident = awaitTriaged(id);
    assertThat(incident.getString("report.runbook")).isEqualTo("table-duplicates-after-failover");
    assertThat(incident.getString("report.verdict.category")).isEqualTo("DUPLICATES");
    List<String> proposals = incident.getList("triageProposals.proposalId");
    String rollback = null;
    for (String p : proposals) {
      JsonPath proposal =
          given().get("/api/proposals/" + p).then().statusCode(200).extract().jsonPath();
      if (proposal.getString("action").equals("TABLE_ROLLBACK_TO_AS_LATEST")) {
        assertThat(proposal.getString("args.table")).isEqualTo(warehouse() + "/db.db/payments");
        rollback = p;
      }
    }
    assertThat(rollback).as("proposals %s", proposals).isNotNull();

    JsonPath approved =
        given()
            .header("Authorization", "Bearer " + approverToken())
            .post("/api/proposals/" + rollback + "/approve")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();

    assertThat(approved.getString("execution.state")).isEqualTo("DONE");
    Table after = table.refresh();
    assertThat(after.latestSnapshot().orElseThrow().id()).isEqualTo(7);
    assertThat(after.newRead().readAll(after.newScan().plan()).stream().map(r -> r.get(0)))
        .containsExactlyInAnyOrder(1L, 2L, 3L);
  }

  private static JsonPath awaitTriaged(String id) throws InterruptedException {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
    while (true) {
      JsonPath incident =
          given().get("/api/incidents/" + id).then().statusCode(200).extract().jsonPath();
      if (!incident.getString("status").equals("TRIAGING")
          && !incident.getList("triageProposals").isEmpty()) {
        assertThat(incident.getString("status")).isEqualTo("TRIAGED");
        return incident;
      }
      assertThat(Instant.now()).as("incident %s not triaged in 30 s", id).isBefore(deadline);
      Thread.sleep(100);
    }
  }
}
