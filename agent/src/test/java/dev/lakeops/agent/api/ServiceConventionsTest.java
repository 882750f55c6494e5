package dev.lakeops.agent.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ServiceConventionsTest {

  @Test
  void countsReceivedAlertsInPrometheusFormat() {
    given()
        .contentType("application/json")
        .body(
            AlertPayloads.group(
                AlertPayloads.alert("MetricsProbe", "firing", "2024-05-01T12:00:00Z")))
        .post("/api/alerts/alertmanager")
        .then()
        .statusCode(202);

    String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();

    assertThat(metrics)
        .containsPattern("lakeops_incidents_received_total\\{.*source=\"alertmanager\".*\\} [1-9]");
  }

  @Test
  void describesTheHttpApiAsOpenApi() {
    String openapi =
        given()
            .accept("application/json")
            .get("/q/openapi")
            .then()
            .statusCode(200)
            .extract()
            .asString();

    assertThat(openapi)
        .contains("/api/alerts/alertmanager")
        .contains("/api/alerts/grafana")
        .contains("/api/incidents/{id}");
  }

  @Test
  void reportsTheDatabaseInReadiness() {
    String health = given().get("/q/health/ready").then().statusCode(200).extract().asString();

    assertThat(health).contains("Database connections health check").contains("\"h2\"");
  }
}
