package dev.lakeops.agent.approval;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Without {@code lakeops.approval.link-secret}: no links on cards, and the link endpoint says links
 * are not configured.
 */
@QuarkusTest
@TestProfile(ApprovalLinkNotConfiguredTest.NoSecret.class)
class ApprovalLinkNotConfiguredTest {

  static final Path WAREHOUSE =
      Path.of(
          System.getProperty("java.io.tmpdir"),
          "lakeops-no-links-" + ProcessHandle.current().pid());

  public static class NoSecret implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "quarkus.http.test-port",
          "63151",
          "lakeops.chat.table-warehouse",
          WAREHOUSE.toString(),
          "lakeops.approvers.alice.roles",
          "approver",
          "lakeops.approvers.alice.token",
          "alice-token",
          "lakeops.approvers.alice.im-ids",
          "api:alice-chat");
    }
  }

  @org.junit.jupiter.api.AfterAll
  static void deleteWarehouse() throws java.io.IOException {
    if (Files.exists(WAREHOUSE)) {
      try (var paths = Files.walk(WAREHOUSE)) {
        for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
  }

  @Test
  void theLinkEndpointSaysLinksAreNotConfigured() {
    String token = "p1.a.YWxpY2U.1800000000." + "0".repeat(64) + "." + "A".repeat(43);

    given()
        .get("/console/links/" + token)
        .then()
        .statusCode(404)
        .body(containsString("not configured"))
        .body(containsString("lakeops.approval.link-secret"));
    given()
        .formParam("token", token)
        .post("/console/links")
        .then()
        .statusCode(404)
        .body(containsString("not configured"));
    given()
        .accept("application/json")
        .get("/console/links/" + token)
        .then()
        .statusCode(404)
        .body("error", containsString("not configured"));
  }

  @Test
  void proposalCardsCarryButtonsButNoLinks() throws Exception {
    Catalog catalog = Catalog.local(Files.createDirectories(WAREHOUSE));
    catalog.createDatabaseIfNotExists("db");
    Table table =
        catalog.createTable(
            Identifier.of("db", "orders"),
            TableDefinition.builder()
                .column("id", AtomicType.of(TypeRoot.INT))
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "avro")
                .build());
    for (int i = 1; i <= 2; i++) {
      try (TableWrite write = table.newWrite("flink-job")) {
        write.write(Row.of(i));
        table.newCommit().commit(write.prepareCommit(i));
      }
    }

    JsonPath card = chat("rollback db.orders 1");

    assertThat(card.getList("card.buttons.action")).containsExactly("approve", "reject");
    assertThat(card.getList("card.links")).isEmpty();
    String id = card.getString("card.buttons[0].proposalId");
    JsonPath asked = chat("link " + id);
    assertThat(asked.getString("markdown"))
        .contains("not configured")
        .contains("lakeops.approval.link-secret");
    assertThat(asked.getString("card")).isNull();
  }

  private static JsonPath chat(String text) {
    return given()
        .contentType("application/json")
        .body("{\"thread\":\"t\",\"user\":\"alice-chat\",\"text\":\"" + text + "\"}")
        .post("/api/chat")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath();
  }
}
