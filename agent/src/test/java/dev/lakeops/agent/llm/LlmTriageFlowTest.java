package dev.lakeops.agent.llm;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The whole path in the app: an Alertmanager alert is stored and triaged deterministically, then
 * reviewed by an OpenAI-compatible model (a loopback server) and the review is served next to it.
 */
@QuarkusTest
@TestProfile(LlmTriageFlowTest.WithOpenAi.class)
class LlmTriageFlowTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  static LoopbackLlmServer server;

  /**
   * Runs the app against a loopback model that lists the jobs once, then agrees with the planner.
   */
  public static final class WithOpenAi implements QuarkusTestProfile {
    @Override
    public List<TestResourceEntry> testResources() {
      return List.of(new TestResourceEntry(ModelServer.class));
    }
  }

  /** Starts and stops the loopback model server around the app. */
  public static final class ModelServer implements QuarkusTestResourceLifecycleManager {
    @Override
    public Map<String, String> start() {
      try {
        server =
            new LoopbackLlmServer(
                List.of(
                    OpenAiWireTest.recording("/llm/openai/flow-1-tool-call.json"),
                    OpenAiWireTest.recording("/llm/openai/flow-2-verdict.json")));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return Map.of(
          "lakeops.llm.provider",
          "openai",
          "lakeops.llm.base-url",
          server.url("/v1"),
          "lakeops.llm.model",
          "qwen2.5-7b-instruct",
          "lakeops.llm.api-key",
          "test-key");
    }

    @Override
    public void stop() {
      server.close();
    }
  }

  @Test
  void storesTheModelsReviewNextToTheDeterministicTriage() throws IOException {
    String body =
        """
        {"version":"4","groupKey":"{}:{alertname=\\"FlinkJobBackpressured\\"}","status":"firing","receiver":"lakeops",
         "groupLabels":{},"commonLabels":{},"commonAnnotations":{},"externalURL":"http://am:9093","truncatedAlerts":0,
         "alerts":[{"status":"firing","labels":{"alertname":"FlinkJobBackpressured","job_name":"orders-to-lake"},
           "annotations":{"summary":"orders-to-lake is backpressured"},"startsAt":"2024-06-01T10:00:00Z",
           "endsAt":"0001-01-01T00:00:00Z","generatorURL":"","fingerprint":"c0ffee0000000001"}]}\
        """;
    String id =
        given()
            .contentType("application/json")
            .body(body)
            .post("/api/alerts/alertmanager")
            .then()
            .statusCode(202)
            .extract()
            .jsonPath()
            .getString("incidents[0].id");

    JsonPath review = awaitReview(id);

    assertThat(review.getString("incidentId")).isEqualTo(id);
    assertThat(review.getString("finalVerdict")).isEqualTo("llm");
    assertThat(review.getString("verdict.category")).isEqualTo("PROBE_FAILED");
    assertThat(review.getString("deterministic.category")).isEqualTo("PROBE_FAILED");
    assertThat(review.getString("fallback")).isNull();
    assertThat(review.getInt("toolCalls")).isEqualTo(1);
    assertThat(review.getList("toolsRun", String.class)).containsExactly("flink_jobs");
    JsonPath incident =
        given().get("/api/incidents/" + id).then().statusCode(200).extract().jsonPath();
    assertThat(incident.getString("llmReview.finalVerdict")).isEqualTo("llm");
    assertThat(incident.getBoolean("llmReview.agreesWithDeterministic")).isTrue();
    assertThat(incident.getBoolean("llmReview.advisory")).isTrue();
    assertThat(
            given()
                .get("/api/incidents/" + id)
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getString("report.verdict.category"))
        .isEqualTo("PROBE_FAILED");
    JsonNode second = new ObjectMapper().readTree(server.received().get(1).body());
    JsonNode toolMessage = second.path("messages").get(3);
    assertThat(toolMessage.path("tool_call_id").asText()).isEqualTo("call_flow_1");
    assertThat(toolMessage.path("content").asText()).contains("UNREACHABLE");
    given().get("/api/llm/assessments/no-such-incident").then().statusCode(404);
    String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
    assertThat(metrics)
        .containsPattern(
            "lakeops_llm_runs_total\\{[^}]*outcome=\"answered\"[^}]*run=\"triage\"[^}]*} [1-9]")
        .containsPattern(
            "lakeops_llm_tool_calls_total\\{[^}]*outcome=\"error\"[^}]*tool=\"flink_jobs\"[^}]*} 1")
        .containsPattern("lakeops_llm_tokens_total\\{[^}]*type=\"prompt\"[^}]*} [1-9]")
        .contains("lakeops_llm_model_calls_total");
  }

  private static JsonPath awaitReview(String id) {
    Instant deadline = Instant.now().plus(WAIT);
    while (true) {
      Response r = given().get("/api/llm/assessments/" + id);
      if (r.statusCode() == 200) {
        return r.jsonPath();
      }
      assertThat(Instant.now()).as("LLM review of " + id + " within " + WAIT).isBefore(deadline);
      Thread.onSpinWait();
    }
  }
}
