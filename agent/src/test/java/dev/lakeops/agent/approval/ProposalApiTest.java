package dev.lakeops.agent.approval;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import dev.lakeops.runbooks.audit.AuditEvent;
import dev.lakeops.runbooks.audit.AuditLog;
import dev.lakeops.runbooks.audit.AuditRecord;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.catalog.TableDefinition;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.TypeRoot;
import dev.lakeops.table.write.TableWrite;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Proposals over HTTP and chat against a real table: who may approve, what runs, what is audited.
 */
@QuarkusTest
@TestProfile(ProposalApiTest.Users.class)
class ProposalApiTest {

  public static class Users implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "lakeops.approvers.alice.roles",
          "approver",
          "lakeops.approvers.alice.token",
          "alice-token",
          "lakeops.approvers.alice.im-ids",
          "api:alice-chat",
          "lakeops.approvers.bob.roles",
          "approver",
          "lakeops.approvers.bob.token",
          "bob-token",
          "lakeops.approvers.carol.roles",
          "viewer",
          "lakeops.approvers.carol.token",
          "carol-token");
    }
  }

  private static Table table;

  @Inject AuditLog audit;

  @BeforeAll
  static void createTable() throws Exception {
    Path warehouse = Files.createTempDirectory("lakeops-proposal-api");
    Catalog catalog = Catalog.local(warehouse);
    catalog.createDatabaseIfNotExists("db");
    table =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.INT))
                .column("name", AtomicType.string())
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
    for (int i = 1; i <= 3; i++) {
      try (TableWrite write = table.newWrite("flink-job")) {
        write.write(Row.of(i, "row" + i));
        table.newCommit().commit(write.prepareCommit(i));
      }
    }
  }

  private static java.util.Set<String> tags() {
    return new dev.lakeops.table.maintenance.Tags(table.io(), table.paths()).list().keySet();
  }

  private static String propose(String token, String action, String args) {
    return given()
        .header("Authorization", "Bearer " + token)
        .contentType("application/json")
        .body(
            "{\"action\":\""
                + action
                + "\",\"args\":{\"table\":\""
                + table.paths().root()
                + "\""
                + args
                + "},\"reason\":\"test\"}")
        .post("/api/proposals")
        .then()
        .statusCode(201)
        .extract()
        .path("id");
  }

  @Test
  void aReversibleActionRunsOnceItsOneApprovalArrivesAndIsAudited() {
    String id = propose("carol-token", "table.create_tag", ",\"tag\":\"before-fix\"");

    given().post("/api/proposals/" + id + "/approve").then().statusCode(401);
    given()
        .header("Authorization", "Bearer nobody")
        .post("/api/proposals/" + id + "/approve")
        .then()
        .statusCode(401);
    given()
        .header("Authorization", "Bearer carol-token")
        .post("/api/proposals/" + id + "/approve")
        .then()
        .statusCode(403)
        .body("error", containsString("carol"));
    JsonPath approved =
        given()
            .header("Authorization", "Bearer alice-token")
            .post("/api/proposals/" + id + "/approve")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();

    assertThat(approved.getString("execution.state")).isEqualTo("DONE");
    assertThat(tags()).contains("before-fix");
    given()
        .header("Authorization", "Bearer bob-token")
        .post("/api/proposals/" + id + "/approve")
        .then()
        .statusCode(409);
    List<AuditEvent> events =
        audit.read(Instant.EPOCH).stream()
            .filter(r -> id.equals(r.entry().proposalId()))
            .map(r -> r.entry().event())
            .toList();
    assertThat(events)
        .contains(
            AuditEvent.PROPOSED,
            AuditEvent.APPROVED,
            AuditEvent.EXECUTED,
            AuditEvent.VERIFIED,
            AuditEvent.REFUSED);
    assertThat(audit.verifyChain().intact()).isTrue();
  }

  @Test
  void aDestructiveActionNeedsTwoApproversNeitherOfThemTheRequester() {
    long latest = table.refresh().latestSnapshot().orElseThrow().id();
    String id = propose("alice-token", "table.rollback_to", ",\"snapshot\":\"1\"");

    given()
        .header("Authorization", "Bearer alice-token")
        .post("/api/proposals/" + id + "/approve")
        .then()
        .statusCode(409)
        .body("error", containsString("self-approval"));
    JsonPath first =
        given()
            .header("Authorization", "Bearer bob-token")
            .post("/api/proposals/" + id + "/approve")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    given()
        .header("Authorization", "Bearer bob-token")
        .post("/api/proposals/" + id + "/approve")
        .then()
        .statusCode(409)
        .body("error", containsString("another person"));

    assertThat(first.getString("proposal.state")).isEqualTo("PROPOSED");
    assertThat(first.getString("execution")).isNull();
    assertThat(table.refresh().latestSnapshot().orElseThrow().id()).isEqualTo(latest);
    given()
        .header("Authorization", "Bearer carol-token")
        .post("/api/proposals/" + id + "/reject")
        .then()
        .statusCode(403);
    given()
        .header("Authorization", "Bearer bob-token")
        .post("/api/proposals/" + id + "/reject")
        .then()
        .statusCode(200);
    given()
        .get("/api/proposals/" + id)
        .then()
        .statusCode(200)
        .body("state", org.hamcrest.Matchers.equalTo("REJECTED"));
  }

  @Test
  void chatApprovalsComeFromMappedIdentitiesOnly() {
    String id = propose("carol-token", "table.create_tag", ",\"tag\":\"from-chat\"");

    String stranger =
        given()
            .contentType("application/json")
            .body("{\"thread\":\"t1\",\"user\":\"mallory\",\"text\":\"approve " + id + "\"}")
            .post("/api/chat")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(stranger).contains("not a lakeops user");
    assertThat(tags()).doesNotContain("from-chat");

    String alice =
        given()
            .contentType("application/json")
            .body("{\"thread\":\"t1\",\"user\":\"alice-chat\",\"text\":\"approve " + id + "\"}")
            .post("/api/chat")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertThat(alice).contains("DONE");
    assertThat(tags()).contains("from-chat");
  }

  @Test
  void namesWhatIsWrongWithAProposal() {
    given()
        .header("Authorization", "Bearer alice-token")
        .contentType("application/json")
        .body("{\"action\":\"table.drop_everything\"}")
        .post("/api/proposals")
        .then()
        .statusCode(400)
        .body("error", containsString("unknown action 'table.drop_everything'"));
    given()
        .header("Authorization", "Bearer alice-token")
        .contentType("application/json")
        .body(
            "{\"action\":\"table.rollback_to\",\"args\":{\"table\":\""
                + table.paths().root()
                + "\",\"snapshot\":\"abc\"}}")
        .post("/api/proposals")
        .then()
        .statusCode(409)
        .body("error", containsString("snapshot"));
    given().get("/api/proposals/nope").then().statusCode(404);
    List<AuditRecord> refused =
        audit.read(Instant.EPOCH).stream()
            .filter(r -> r.entry().event() == AuditEvent.REFUSED)
            .toList();
    assertThat(refused).isNotEmpty();
  }
}
