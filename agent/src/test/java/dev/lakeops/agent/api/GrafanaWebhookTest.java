package dev.lakeops.agent.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
class GrafanaWebhookTest {

  static final String WEBHOOK = "/api/alerts/grafana";

  @Test
  void storesAGrafanaAlertWithItsDashboardLinksAndValuesAsAnnotations() throws IOException {
    String body = resource("webhook/grafana-firing.json");

    JsonPath answer =
        given()
            .contentType("application/json")
            .body(body)
            .post(WEBHOOK)
            .then()
            .statusCode(202)
            .extract()
            .jsonPath();

    String id = answer.getString("incidents[0].id");
    assertThat(answer.getString("incidents[0].fingerprint")).isEqualTo("c6eadffa33fcdf37");
    assertThat(answer.getString("incidents[0].alertname")).isEqualTo("FlinkJobBackpressured");
    JsonPath incident =
        given().get("/api/incidents/" + id).then().statusCode(200).extract().jsonPath();
    assertThat(incident.getString("labels.job_name")).isEqualTo("orders-to-lake");
    assertThat(incident.getString("annotations.dashboardURL"))
        .isEqualTo("http://grafana.example/d/flink?orgId=1");
    assertThat(incident.getString("annotations.panelURL")).endsWith("viewPanel=4");
    assertThat(incident.getString("annotations.values")).isEqualTo("{\"B\":0.93,\"C\":1}");
    assertThat(incident.getString("annotations.summary"))
        .isEqualTo("orders-to-lake is backpressured");
  }

  @Test
  void theAlertAsSentReachesThePlannerWithItsRuleLinkValuesAndStart() throws IOException {
    String withValues =
        resource("webhook/grafana-firing.json")
            .replace("\"fingerprint\": \"c6eadffa33fcdf37\",", "")
            .replace(
                "\"flink_cluster\": \"eu\"",
                "\"flink_cluster\": \"eu\", \"test_run\": \"" + UUID.randomUUID() + "\"");
    String id =
        given()
            .contentType("application/json")
            .body(withValues)
            .post(WEBHOOK)
            .then()
            .statusCode(202)
            .extract()
            .jsonPath()
            .getString("incidents[0].id");

    JsonPath incident = AlertWebhookResourceTest.awaitTriage(id);

    assertThat(incident.getString("generatorUrl"))
        .isEqualTo("http://grafana.example/alerting/grafana/abc/view?orgId=1");
    assertThat(incident.getString("valuesText")).isEqualTo("B=0.93 C=1");
    assertThat(incident.getString("report.alert.generatorUrl"))
        .isEqualTo("http://grafana.example/alerting/grafana/abc/view?orgId=1");
    assertThat(incident.getString("report.alert.valuesText")).isEqualTo("B=0.93 C=1");
    assertThat(incident.getString("report.alert.startsAt")).isEqualTo("2024-05-01T12:00:00Z");
  }

  @Test
  void grafanasValueStringIsTheValuesTextWhenItSendsOne() throws IOException {
    String valueString = "[ var='B' labels={job_name=orders-to-lake} value=0.93 ]";
    String withValueString =
        resource("webhook/grafana-firing.json")
            .replace("\"fingerprint\": \"c6eadffa33fcdf37\",", "")
            .replace(
                "\"flink_cluster\": \"eu\"",
                "\"flink_cluster\": \"eu\", \"test_run\": \"" + UUID.randomUUID() + "\"")
            .replace("\"values\": {", "\"valueString\": \"" + valueString + "\", \"values\": {");

    String id =
        given()
            .contentType("application/json")
            .body(withValueString)
            .post(WEBHOOK)
            .then()
            .statusCode(202)
            .extract()
            .jsonPath()
            .getString("incidents[0].id");

    assertThat(
            given()
                .get("/api/incidents/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("valuesText"))
        .isEqualTo(valueString);
  }

  @Test
  void acceptsPutAsGrafanaContactPointsMayBeSetToUseIt() throws IOException {
    String body =
        resource("webhook/grafana-firing.json").replace("c6eadffa33fcdf37", "0123456789abcdef");

    given().contentType("application/json").body(body).put(WEBHOOK).then().statusCode(202);
  }

  @Test
  void joinsTheSameIncidentWhenGrafanaRepeatsTheNotificationAndClosesItWhenResolved()
      throws IOException {
    String firing =
        resource("webhook/grafana-firing.json").replace("c6eadffa33fcdf37", "1111222233334444");
    String first =
        given()
            .contentType("application/json")
            .body(firing)
            .post(WEBHOOK)
            .then()
            .statusCode(202)
            .extract()
            .path("incidents[0].id");

    JsonPath repeat =
        given()
            .contentType("application/json")
            .body(firing)
            .post(WEBHOOK)
            .then()
            .statusCode(202)
            .extract()
            .jsonPath();
    String resolved =
        firing
            .replace("\"status\": \"firing\"", "\"status\": \"resolved\"")
            .replace(
                "\"endsAt\": \"0001-01-01T00:00:00Z\"", "\"endsAt\": \"2024-05-01T12:30:00Z\"");
    given().contentType("application/json").body(resolved).post(WEBHOOK).then().statusCode(202);

    assertThat(repeat.getString("incidents[0].id")).isEqualTo(first);
    assertThat(repeat.getBoolean("incidents[0].duplicate")).isTrue();
    JsonPath incident =
        given().get("/api/incidents/" + first).then().statusCode(200).extract().jsonPath();
    assertThat(incident.getString("alertStatus")).isEqualTo("RESOLVED");
    assertThat(incident.getString("endsAt")).isEqualTo("2024-05-01T12:30:00Z");
  }

  @Test
  void pointsAnAlertmanagerPayloadSentToTheGrafanaEndpointAtTheRightOne() {
    String alertmanager = AlertPayloads.group(AlertPayloads.flinkAlert("2024-05-01T12:00:00Z"));

    given()
        .contentType("application/json")
        .body(alertmanager)
        .post(WEBHOOK)
        .then()
        .statusCode(400)
        .body(
            "error",
            containsString(
                "version \"4\" is an Alertmanager webhook payload: send it to"
                    + " /api/alerts/alertmanager"));
  }

  @Test
  void namesAValuesFieldThatIsNotAnObject() throws IOException {
    String body =
        resource("webhook/grafana-firing.json")
            .replace("\"values\": {\"B\": 0.93, \"C\": 1}", "\"values\": \"B=0.93\"");

    given()
        .contentType("application/json")
        .body(body)
        .post(WEBHOOK)
        .then()
        .statusCode(400)
        .body("error", containsString("alerts[0].values"));
  }

  static String resource(String name) throws IOException {
    try (InputStream in = GrafanaWebhookTest.class.getClassLoader().getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
