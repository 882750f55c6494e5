package dev.lakeops.agent.report;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The whole path: an Alertmanager alert is triaged and its report posted to a Slack channel (a
 * loopback server).
 */
@QuarkusTest
@TestProfile(ReportPostingTest.ToSlack.class)
class ReportPostingTest {

  static final int PORT = Integer.getInteger("lakeops-test.report-slack-port", 62601);
  static final Duration WAIT = Duration.ofSeconds(30);
  static SlackLoopback slack;

  @Inject ReportThreads threads;
  @Inject ReportPoster poster;

  /** Reports go to Slack channel C0123 on the loopback server. */
  public static final class ToSlack implements QuarkusTestProfile {
    @Override
    public List<TestResourceEntry> testResources() {
      return List.of(new TestResourceEntry(Loopback.class));
    }

    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of(
          "lakeops.report.channel",
          "slack:C0123",
          "lakeops.report.public-url",
          "https://lakeops.test",
          "lakeops.report.language",
          "en");
    }
  }

  /** Starts and stops the loopback Slack around the app. */
  public static final class Loopback implements QuarkusTestResourceLifecycleManager {
    @Override
    public Map<String, String> start() {
      slack = new SlackLoopback(PORT);
      return Map.of("lakeops.im.slack.api-base-url", slack.apiBaseUrl());
    }

    @Override
    public void stop() {
      slack.close();
    }
  }

  private final List<String> warnings = new CopyOnWriteArrayList<>();
  private final Handler capture =
      new Handler() {
        @Override
        public void publish(LogRecord record) {
          String message = record.getMessage();
          if (record.getParameters() != null) {
            for (Object p : record.getParameters()) {
              message = message + " " + p;
            }
          }
          warnings.add(message);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  @BeforeEach
  void listen() {
    slack.reset();
    Logger.getLogger(ReportPoster.class.getName()).addHandler(capture);
  }

  @AfterEach
  void stopListening() {
    Logger.getLogger(ReportPoster.class.getName()).removeHandler(capture);
  }

  @Test
  void postsTheReportOnceAndARepeatJoinsItsThread() {
    String id = post(alert("c0ffee00000000a1"));

    await(() -> slack.posts().size() == 1);
    JsonNode report = slack.posts().get(0);
    assertThat(report.path("channel").asText()).isEqualTo("C0123");
    assertThat(report.has("thread_ts")).isFalse();
    assertThat(report.path("text").asText())
        .contains("FlinkJobBackpressured")
        .contains("PROBE_FAILED")
        .contains("https://lakeops.test/api/incidents/" + id + "?format=markdown");
    assertThat(report.path("blocks").toString())
        .contains("FlinkJobBackpressured")
        .contains("/api/incidents/" + id);
    String ts = "1700000000.000101";
    await(() -> threads.incidentFor(ReportThreads.slackKey("C0123", ts)).isPresent());
    assertThat(threads.incidentFor(ReportThreads.slackKey("C0123", ts))).contains(id);

    String again = post(alert("c0ffee00000000a1"));

    assertThat(again).isEqualTo(id);
    await(() -> slack.posts().size() == 2);
    JsonNode reply = slack.posts().get(1);
    assertThat(reply.path("thread_ts").asText()).isEqualTo(ts);
    assertThat(reply.path("text").asText()).contains("still firing, joined incident").contains(id);
    assertThat(slack.topLevel()).hasSize(1);
  }

  @Test
  void aRefusedPostLeavesTheIncidentTriagedAndIsLogged() {
    slack.failWith("channel_not_found");

    String id = post(alert("c0ffee00000000b2"));

    await(() -> poster.failure(id).isPresent());
    assertThat(poster.failure(id).get()).contains("channel_not_found");
    assertThat(
            given()
                .get("/api/incidents/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("status"))
        .isEqualTo("TRIAGED");
    await(() -> warnings.stream().anyMatch(w -> w.contains(id) && w.contains("channel_not_found")));
    assertThat(slack.posts()).hasSize(1);
    assertThat(threads.threadOf(id)).isEmpty();
    io.restassured.path.json.JsonPath incident =
        given().get("/api/incidents/" + id).then().statusCode(200).extract().jsonPath();
    assertThat(incident.getMap("$"))
        .containsEntry("reportThread", null)
        .containsKey("reportThread");
  }

  @Test
  void aMentionInTheReportThreadIsAnsweredAboutItsIncident() {
    String id = post(alert("c0ffee00000000c3"));
    await(() -> slack.posts().size() == 1);
    await(() -> threads.threadOf(id).isPresent());
    String ts = threads.threadOf(id).get().substring("slack:C0123:".length());

    String event =
        """
        {"type":"event_callback","event_id":"EvSTATUS%s","team_id":"T1","event":{"type":"app_mention","user":"U123",
         "text":"<@U0LAKEOPS> status","ts":"1700000100.000001","channel":"C0123","thread_ts":"%s"}}\
        """
            .formatted(ts.replace(".", ""), ts);
    assertThat(slackEvent(event)).isEqualTo(200);

    await(() -> slack.posts().size() == 2);
    JsonNode reply = slack.posts().get(1);
    assertThat(reply.path("thread_ts").asText()).isEqualTo(ts);
    assertThat(reply.path("text").asText())
        .contains("Incident `" + id + "`")
        .contains("FlinkJobBackpressured")
        .contains("PROBE_FAILED");

    // The REST chat API follows up on the same incident when the thread is its id.
    String markdown =
        given()
            .contentType("application/json")
            .body("{\"thread\":\"" + id + "\",\"user\":\"ann\",\"text\":\"状态\"}")
            .post("/api/chat")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getString("markdown");
    assertThat(markdown).contains("事件 `" + id + "`").contains("PROBE_FAILED");

    // The incident's JSON and page show where the report went and both threads' turns, oldest
    // first.
    io.restassured.path.json.JsonPath incident =
        given().get("/api/incidents/" + id).then().statusCode(200).extract().jsonPath();
    assertThat(incident.getString("reportThread.platform")).isEqualTo("slack");
    assertThat(incident.getString("reportThread.threadKey"))
        .isEqualTo(ReportThreads.slackKey("C0123", ts));
    assertThat(incident.getList("chat.user", String.class))
        .containsExactly("U123", "lakeops", "ann", "lakeops");
    assertThat(incident.getList("chat.text", String.class).get(2)).isEqualTo("状态");
    String page =
        given().get("/console/incidents/" + id).then().statusCode(200).extract().asString();
    assertThat(page)
        .contains("Report posted")
        .contains("(slack · C0123 · " + ts + ")")
        .contains("<td class=\"mono\">U123</td>");
  }

  static int slackEvent(String body) {
    String timestamp = Long.toString(System.currentTimeMillis() / 1000);
    byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return given()
        .header("X-Slack-Request-Timestamp", timestamp)
        .header(
            "X-Slack-Signature",
            dev.lakeops.agent.im.slack.SlackSignature.sign(
                "test-slack-signing-secret", timestamp, bytes))
        .contentType("application/json")
        .body(bytes)
        .post("/api/im/slack/events")
        .statusCode();
  }

  static String alert(String fingerprint) {
    return """
    {"version":"4","groupKey":"{}:{alertname=\\"FlinkJobBackpressured\\"}","status":"firing","receiver":"lakeops",
     "groupLabels":{},"commonLabels":{},"commonAnnotations":{},"externalURL":"http://am:9093","truncatedAlerts":0,
     "alerts":[{"status":"firing","labels":{"alertname":"FlinkJobBackpressured","job_name":"orders-to-lake-%s"},
       "annotations":{"summary":"orders-to-lake is backpressured"},"startsAt":"2024-06-01T10:00:00Z",
       "endsAt":"0001-01-01T00:00:00Z","generatorURL":"","fingerprint":"%s"}]}\
    """
        .formatted(fingerprint, fingerprint);
  }

  static String post(String body) {
    return given()
        .contentType("application/json")
        .body(body)
        .post("/api/alerts/alertmanager")
        .then()
        .statusCode(202)
        .extract()
        .jsonPath()
        .getString("incidents[0].id");
  }

  static void await(BooleanSupplier condition) {
    Instant deadline = Instant.now().plus(WAIT);
    while (!condition.getAsBoolean()) {
      assertThat(Instant.now()).as("condition not met within %s", WAIT).isBefore(deadline);
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
