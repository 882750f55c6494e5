package dev.lakeops.agent.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
class IncidentResourceTest {

  @Test
  void answers404WithAJsonErrorForAnUnknownId() {
    given()
        .get("/api/incidents/00000000-0000-4000-8000-000000000000")
        .then()
        .statusCode(404)
        .contentType(ContentType.JSON)
        .body("error", equalTo("no incident with id 00000000-0000-4000-8000-000000000000"));
  }

  @Test
  void answers400ForAMalformedId() {
    given()
        .get("/api/incidents/..%2F..%2Fetc%2Fpasswd")
        .then()
        .statusCode(400)
        .contentType(ContentType.JSON)
        .body("error", startsWith("id: must be an incident id"));
    given()
        .get("/api/incidents/NOT-A-UUID")
        .then()
        .statusCode(400)
        .body("error", startsWith("id: must be an incident id"));
  }

  @Test
  void listsIncidentsNewestFirstWithTheirVerdict() {
    String older =
        AlertWebhookResourceTest.postOne(
            AlertPayloads.group(AlertPayloads.alert("DiskFull", "firing", "2024-05-01T12:00:00Z")));
    String newer =
        AlertWebhookResourceTest.postOne(
            AlertPayloads.group(AlertPayloads.alert("DiskFull", "firing", "2024-05-01T12:00:00Z")));
    AlertWebhookResourceTest.awaitTriage(older);

    List<String> ids =
        given()
            .get("/api/incidents")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("id", String.class);

    assertThat(ids).containsSubsequence(newer, older);
    given()
        .get("/api/incidents?limit=1000")
        .then()
        .statusCode(200)
        .body("find { it.id == '" + older + "' }.category", equalTo("NO_RUNBOOK"))
        .body("find { it.id == '" + older + "' }.url", equalTo("/api/incidents/" + older));
    given().get("/api/incidents?limit=1").then().statusCode(200).body("size()", equalTo(1));
  }

  @Test
  void rejectsALimitOutOfRange() {
    given()
        .get("/api/incidents?limit=0")
        .then()
        .statusCode(400)
        .body("error", startsWith("limit: must be a whole number from 1 to 1000"));
    given()
        .get("/api/incidents?limit=ten")
        .then()
        .statusCode(400)
        .body("error", startsWith("limit:"));
  }

  @Test
  void answersMarkdownWhenAskedByHeaderOrParameterAndJsonOtherwise() {
    String id =
        AlertWebhookResourceTest.postOne(
            AlertPayloads.group(AlertPayloads.alert("DiskFull", "firing", "2024-05-01T12:00:00Z")));
    AlertWebhookResourceTest.awaitTriage(id);

    assertThat(
            given()
                .accept("text/markdown")
                .get("/api/incidents/" + id)
                .then()
                .statusCode(200)
                .contentType(startsWith("text/markdown"))
                .extract()
                .asString())
        .startsWith("### lakeops triage: DiskFull");
    assertThat(
            given()
                .get("/api/incidents/" + id + "?format=markdown")
                .then()
                .statusCode(200)
                .contentType(startsWith("text/markdown"))
                .extract()
                .asString())
        .contains("NO_RUNBOOK");
    given()
        .accept("text/markdown")
        .get("/api/incidents/" + id + "?format=json")
        .then()
        .statusCode(200)
        .contentType(ContentType.JSON);
    given()
        .accept("*/*")
        .get("/api/incidents/" + id)
        .then()
        .statusCode(200)
        .contentType(ContentType.JSON)
        .body("status", equalTo("TRIAGED"));
  }

  @Test
  void rejectsAnUnknownFormat() {
    given()
        .get("/api/incidents/00000000-0000-4000-8000-000000000000?format=xml")
        .then()
        .statusCode(400)
        .body("error", equalTo("format: must be \"json\" or \"markdown\", got \"xml\""));
  }

  @Test
  void keepsTheHealthEndpoint() {
    given().get("/q/health").then().statusCode(200).body("status", equalTo("UP"));
  }
}
