package dev.lakeops.agent.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@QuarkusTest
class AlertWebhookResourceTest {

  static final String WEBHOOK = "/api/alerts/alertmanager";
  private static final Duration TRIAGE_WAIT = Duration.ofSeconds(20);

  @Test
  void storesEveryAlertOfAGroupAsAnIncidentAndAnswers202() {
    ObjectNode flink = AlertPayloads.flinkAlert("2024-05-01T12:00:00Z");
    ObjectNode disk = AlertPayloads.alert("DiskFull", "firing", "2024-05-01T12:00:05Z");

    JsonPath answer =
        post(AlertPayloads.group(flink, disk))
            .then()
            .statusCode(202)
            .contentType(ContentType.JSON)
            .extract()
            .jsonPath();

    List<String> ids = answer.getList("incidents.id");
    assertThat(ids).hasSize(2).doesNotHaveDuplicates();
    assertThat(answer.getList("incidents.alertname", String.class))
        .containsExactly("FlinkJobBackpressured", "DiskFull");
    assertThat(answer.getList("incidents.duplicate", Boolean.class)).containsExactly(false, false);
    assertThat(answer.getList("incidents.fingerprint", String.class))
        .allMatch(f -> f.matches("[0-9a-f]{16}"));
    assertThat(answer.getString("incidents[0].url")).isEqualTo("/api/incidents/" + ids.get(0));
    for (String id : ids) {
      given()
          .get("/api/incidents/" + id)
          .then()
          .statusCode(200)
          .body("id", equalTo(id))
          .body("alertStatus", equalTo("FIRING"));
    }
    assertThat(
            given()
                .get("/api/incidents")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("id", String.class))
        .containsAll(ids);
  }

  @Test
  void triagesAFlinkAlertAgainstAnUnreachableClusterAsProbeFailed() {
    String id = postOne(AlertPayloads.group(AlertPayloads.flinkAlert("2024-05-01T12:00:00Z")));

    JsonPath incident = awaitTriage(id);

    assertThat(incident.getString("status")).isEqualTo("TRIAGED");
    assertThat(incident.getString("report.runbook")).isEqualTo("flink-backpressure");
    assertThat(incident.getString("report.verdict.category")).isEqualTo("PROBE_FAILED");
    assertThat(incident.getString("report.verdict.entities.job")).isEqualTo("orders-to-lake");
    assertThat(incident.getString("report.tools[0].status")).isEqualTo("ERROR");
    assertThat(incident.getString("report.tools[0].error"))
        .contains("UNREACHABLE")
        .contains("127.0.0.1:1");
    String markdown =
        given()
            .accept("text/markdown")
            .get("/api/incidents/" + id)
            .then()
            .statusCode(200)
            .contentType(startsWith("text/markdown"))
            .extract()
            .asString();
    assertThat(markdown)
        .contains("PROBE_FAILED")
        .contains("FlinkJobBackpressured")
        .contains("orders-to-lake");
  }

  @Test
  void triagesAgainstTheClusterTheFlinkClusterLabelNames() {
    ObjectNode alert = AlertPayloads.flinkAlert("2024-05-01T12:00:00Z");
    ((ObjectNode) alert.get("labels")).put("flink_cluster", "eu");

    JsonPath incident = awaitTriage(postOne(AlertPayloads.group(alert)));

    assertThat(incident.getString("report.verdict.category")).isEqualTo("PROBE_FAILED");
    assertThat(incident.getString("report.verdict.entities.cluster")).isEqualTo("eu");
    assertThat(incident.getString("report.tools[0].error"))
        .contains("127.0.0.1:2")
        .doesNotContain("127.0.0.1:1/");
  }

  @Test
  void refusesAFlinkClusterLabelThatNoProfileDefines() {
    ObjectNode alert = AlertPayloads.flinkAlert("2024-05-01T12:00:00Z");
    ((ObjectNode) alert.get("labels")).put("flink_cluster", "mars");

    JsonPath incident = awaitTriage(postOne(AlertPayloads.group(alert)));

    assertThat(incident.getString("report.verdict.category")).isEqualTo("NOT_FOUND");
    assertThat(incident.getString("report.verdict.headline"))
        .contains("'mars'")
        .contains("default")
        .contains("eu");
    // Every tool report is a refusal: no cluster was read in place of 'mars', neither by the
    // runbook nor by the change probe.
    List<String> tools = incident.getList("report.tools.tool");
    assertThat(tools).containsExactly("flink.backpressure", "changes.recent");
    assertThat(incident.getList("report.tools.status", String.class)).containsOnly("NO_DATA");
    assertThat(incident.getList("report.tools.error", String.class))
        .allSatisfy(e -> assertThat(e).contains("No Flink cluster named 'mars'"));
  }

  @Test
  void triagesAnAlertThatNamesNoJobAsNoRunbook() {
    String id =
        postOne(
            AlertPayloads.group(AlertPayloads.alert("DiskFull", "firing", "2024-05-01T12:00:00Z")));

    JsonPath incident = awaitTriage(id);

    assertThat(incident.getString("status")).isEqualTo("TRIAGED");
    assertThat(incident.getString("report.verdict.category")).isEqualTo("NO_RUNBOOK");
  }

  @Test
  void answersARepeatedNotificationWithTheStoredIncident() {
    String payload = AlertPayloads.group(AlertPayloads.flinkAlert("2024-05-01T12:00:00Z"));
    String id = postOne(payload);

    JsonPath repeat = post(payload).then().statusCode(202).extract().jsonPath();

    assertThat(repeat.getString("incidents[0].id")).isEqualTo(id);
    assertThat(repeat.getBoolean("incidents[0].duplicate")).isTrue();
  }

  @Test
  void opensANewIncidentWhenTheSameAlertFiresAgainLater() {
    ObjectNode alert = AlertPayloads.flinkAlert("2024-05-01T12:00:00Z");
    String first = postOne(AlertPayloads.group(alert));

    String again = postOne(AlertPayloads.group(alert.put("startsAt", "2024-05-01T14:00:00Z")));

    assertThat(again).isNotEqualTo(first);
  }

  @Test
  void storesAnAlertThatArrivesResolvedWithoutTriage() {
    ObjectNode alert =
        AlertPayloads.alert("CommitLag", "resolved", "2024-05-01T12:00:00Z")
            .put("endsAt", "2024-05-01T12:30:00Z");

    JsonPath answer = post(AlertPayloads.group(alert)).then().statusCode(202).extract().jsonPath();

    assertThat(answer.getString("incidents[0].status")).isEqualTo("RESOLVED");
    String id = answer.getString("incidents[0].id");
    JsonPath incident =
        given().get("/api/incidents/" + id).then().statusCode(200).extract().jsonPath();
    assertThat(incident.getString("alertStatus")).isEqualTo("RESOLVED");
    assertThat(incident.getString("endsAt")).isEqualTo("2024-05-01T12:30:00Z");
    assertThat(incident.getString("report")).isNull();
    assertThat(
            given()
                .get("/api/incidents/" + id + "?format=markdown")
                .then()
                .statusCode(200)
                .extract()
                .asString())
        .contains("already resolved");
  }

  @Test
  void marksAFiringIncidentResolvedWhenItsAlertResolves() {
    ObjectNode alert = AlertPayloads.alert("DiskFull", "firing", "2024-05-01T12:00:00Z");
    String id = postOne(AlertPayloads.group(alert));
    awaitTriage(id);

    JsonPath answer =
        post(AlertPayloads.group(
                alert.put("status", "resolved").put("endsAt", "2024-05-01T12:10:00Z")))
            .then()
            .statusCode(202)
            .extract()
            .jsonPath();

    assertThat(answer.getString("incidents[0].id")).isEqualTo(id);
    assertThat(answer.getBoolean("incidents[0].duplicate")).isTrue();
    JsonPath incident =
        given().get("/api/incidents/" + id).then().statusCode(200).extract().jsonPath();
    assertThat(incident.getString("alertStatus")).isEqualTo("RESOLVED");
    assertThat(incident.getString("status")).isEqualTo("TRIAGED");
    assertThat(incident.getString("report.verdict.category")).isEqualTo("NO_RUNBOOK");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          invalid JSON         | '{"version":"4","alerts":[{'                          | body: is not valid JSON at line 1, column 27
          not JSON at all      | 'hello'                                               | body: is not valid JSON at line 1
          missing alerts       | '{"version":"4","status":"firing"}'                   | alerts: is missing
          alerts not an array  | '{"version":"4","alerts":"many"}'                     | alerts: must be an array of alerts, got string "many"
          empty alerts         | '{"version":"4","alerts":[]}'                         | alerts: is empty
          labels of wrong type | '{"version":"4","alerts":[{"labels":"a=b"}]}'         | alerts[0].labels: must be an object of strings, got string "a=b"
          label value a number | '{"version":"4","alerts":[{"labels":{"severity":2}}]}' | alerts[0].labels.severity: must be a string, got number 2
          version 3            | '{"version":"3","alerts":[{"labels":{"a":"b"}}]}'     | version: unsupported payload version "3"
          bad startsAt         | '{"version":"4","alerts":[{"labels":{"a":"b"},"startsAt":"noon"}]}' | alerts[0].startsAt: must be an RFC 3339 timestamp
          empty body           | ''                                                    | body: is empty
          """)
  void rejectsAMalformedPayloadNamingTheProblem(String name, String body, String error) {
    post(body)
        .then()
        .statusCode(400)
        .contentType(ContentType.JSON)
        .body("error", startsWith(error));
  }

  @Test
  void rejectsABodyThatIsNotJson() {
    given()
        .contentType(ContentType.TEXT)
        .body("alertname=DiskFull")
        .post(WEBHOOK)
        .then()
        .statusCode(415)
        .contentType(ContentType.JSON)
        .body("error", startsWith("Content-Type: text/plain"))
        .body("error", org.hamcrest.Matchers.containsString("application/json"));
  }

  @Test
  void rejectsABodyOverTheLimitWith413() {
    byte[] tenMegabytes = new byte[10 * 1024 * 1024];
    Arrays.fill(tenMegabytes, (byte) ' ');

    Response response = given().contentType(ContentType.JSON).body(tenMegabytes).post(WEBHOOK);

    assertThat(response.statusCode()).isEqualTo(413);
    assertThat(response.jsonPath().getString("error"))
        .startsWith("body: is 10485760 bytes; at most 1048576 bytes are accepted");
  }

  @Test
  void rejectsAMethodThatTheWebhookDoesNotServe() {
    given()
        .get(WEBHOOK)
        .then()
        .statusCode(405)
        .contentType(ContentType.JSON)
        .body("error", startsWith("method GET is not allowed"));
  }

  static Response post(String body) {
    return given().contentType(ContentType.JSON).body(body).post(WEBHOOK);
  }

  /** Posts a one-alert notification and returns its incident's id. */
  static String postOne(String body) {
    return post(body).then().statusCode(202).extract().jsonPath().getString("incidents[0].id");
  }

  /** Polls the incident until its triage is no longer running, for at most {@link #TRIAGE_WAIT}. */
  static JsonPath awaitTriage(String id) {
    Instant deadline = Instant.now().plus(TRIAGE_WAIT);
    while (true) {
      JsonPath incident =
          given().get("/api/incidents/" + id).then().statusCode(200).extract().jsonPath();
      if (!"TRIAGING".equals(incident.getString("status")) || Instant.now().isAfter(deadline)) {
        return incident;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting for incident " + id, e);
      }
    }
  }
}
