package dev.lakeops.agent.console;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.agent.llm.JdbcLlmAssessmentStore;
import dev.lakeops.agent.llm.LlmAssessment;
import dev.lakeops.agent.store.Database;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.Verdict;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The latest LLM review on the incident page and in the incident JSON: advisory, and model text
 * shown as text.
 */
@QuarkusTest
@TestProfile(ConsoleProfile.class)
class LlmReviewPageTest {

  static final String HOSTILE = "<script>document.title='pwned'</script><b>Sink</b> & \"more\"";

  @Inject Database database;

  /**
   * Stores a review of {@code incidentId}: the model's verdict {@code llm}, or a fallback when
   * null.
   */
  static LlmAssessment review(Database database, String incidentId, Verdict llm, String fallback) {
    return review(database, incidentId, llm, fallback, Instant.parse("2026-01-02T03:04:09Z"));
  }

  static LlmAssessment review(
      Database database, String incidentId, Verdict llm, String fallback, Instant finishedAt) {
    Verdict deterministic =
        new Verdict(
            Category.NO_RUNBOOK,
            "No runbook matches.",
            Map.of(),
            List.of(),
            Confidence.LOW,
            List.of());
    boolean fellBack = llm == null;
    LlmAssessment a =
        new LlmAssessment(
            incidentId,
            "openai",
            "qwen2.5-7b-instruct",
            fellBack ? LlmAssessment.DETERMINISTIC : LlmAssessment.LLM,
            fellBack ? "fallback: " + fallback : "the model " + HOSTILE,
            fellBack ? deterministic : llm,
            deterministic,
            llm,
            fallback,
            3,
            List.of("listJobs", "jobState", "listJobs"),
            4321,
            fellBack ? List.of() : List.of("0b7c1a52-0000-4000-8000-00000000c0de"),
            Instant.parse("2026-01-02T03:04:05Z"),
            finishedAt);
    new JdbcLlmAssessmentStore(database.dataSource()).add(a);
    return a;
  }

  static Verdict disagreeing(String summary) {
    return new Verdict(
        Category.BACKPRESSURE, summary, Map.of(), List.of(), Confidence.MEDIUM, List.of());
  }

  @Test
  void showsTheReviewAsAdvisoryWithModelTextEscaped() {
    String id = ConsoleFixtures.postAlert("LlmReviewEscapeProbe", "disk full");
    review(database, id, disagreeing(HOSTILE), null);

    String page =
        given().get("/console/incidents/" + id).then().statusCode(200).extract().asString();

    assertThat(page)
        .contains("<h2>LLM review</h2>")
        .contains("id=\"llm-advisory\">Advisory:")
        .contains("<code id=\"llm-category\">BACKPRESSURE</code> (MEDIUM)")
        .contains("id=\"llm-agreement\">disagrees (<code>NO_RUNBOOK</code>)")
        .contains(
            "id=\"llm-tools\">3: <code>listJobs</code>, <code>jobState</code>,"
                + " <code>listJobs</code> (4321 tokens)")
        .contains(
            "<a class=\"mono\" href=\"/console/proposals/0b7c1a52-0000-4000-8000-00000000c0de\">")
        .contains(
            "&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;&lt;b&gt;Sink&lt;/b&gt;"
                + " &amp; &quot;more&quot;")
        .doesNotContain("<script>")
        .doesNotContain("<b>Sink")
        .doesNotContain("id=\"llm-fallback\"");
  }

  @Test
  void showsWhyTheReviewFellBackToTheDeterministicVerdict() {
    String id = ConsoleFixtures.postAlert("LlmReviewFallbackProbe", "disk full");
    review(database, id, null, "invalid verdict: the final answer is not JSON (" + HOSTILE + ")");

    String page =
        given().get("/console/incidents/" + id).then().statusCode(200).extract().asString();
    String chinese =
        given()
            .get("/console/incidents/" + id + "?lang=zh-CN")
            .then()
            .statusCode(200)
            .extract()
            .asString();

    assertThat(page)
        .contains(
            "id=\"llm-fallback\">Fell back to the deterministic verdict because invalid verdict:"
                + " the final answer is not JSON (&lt;script&gt;")
        .doesNotContain("id=\"llm-category\"")
        .doesNotContain("<script>");
    assertThat(chinese)
        .contains("<h2>LLM 复核</h2>")
        .contains("仅供参考")
        .contains("已回退到确定性结论，原因：invalid verdict");
  }

  @Test
  void anIncidentWithoutAReviewHasNoReviewSection() {
    String id = ConsoleFixtures.postAlert("LlmReviewAbsentProbe", "disk full");

    assertThat(given().get("/console/incidents/" + id).then().statusCode(200).extract().asString())
        .doesNotContain("llm-review")
        .doesNotContain("LLM review");
  }

  @Test
  void aReviewStoredBeforeToolNamesWereKeptStillReads() throws Exception {
    String id = ConsoleFixtures.postAlert("LlmReviewOldDocProbe", "disk full");
    LlmAssessment a =
        review(
            database,
            id,
            disagreeing("The sink is slow."),
            null,
            Instant.parse("2026-01-02T03:04:01Z"));
    // As the store writes it: nulls left out, empty maps and lists kept.
    String old =
        dev.lakeops.tools.Json.mapper()
            .copy()
            .setSerializationInclusion(
                com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            .writeValueAsString(a)
            .replace(",\"toolsRun\":[\"listJobs\",\"jobState\",\"listJobs\"]", "");
    assertThat(old).doesNotContain("toolsRun");
    try (java.sql.Connection c = database.dataSource().getConnection();
        java.sql.PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO llm_assessment (id, incident_id, created_at_us, doc) VALUES (?, ?, ?,"
                    + " ?)")) {
      s.setString(1, java.util.UUID.randomUUID().toString());
      s.setString(2, id);
      s.setLong(3, Long.MAX_VALUE);
      s.setString(4, old);
      s.executeUpdate();
    }

    JsonPath json = given().get("/api/incidents/" + id).then().statusCode(200).extract().jsonPath();

    assertThat(json.getString("llmReview.summary")).isEqualTo("The sink is slow.");
    assertThat(json.getList("llmReview.toolsRun", String.class)).isEmpty();
  }

  @Test
  void theIncidentJsonCarriesTheLatestReviewOrNull() {
    String reviewed = ConsoleFixtures.postAlert("LlmReviewJsonProbe", "disk full");
    String plain = ConsoleFixtures.postAlert("LlmReviewJsonAbsentProbe", "disk full");
    review(
        database,
        reviewed,
        null,
        "timeout: no verdict within lakeops.llm.max-duration=PT2M",
        Instant.parse("2026-01-02T03:04:08Z"));
    review(database, reviewed, disagreeing(HOSTILE), null, Instant.parse("2026-01-02T03:04:09Z"));

    JsonPath json =
        given().get("/api/incidents/" + reviewed).then().statusCode(200).extract().jsonPath();
    String absent =
        given().get("/api/incidents/" + plain).then().statusCode(200).extract().asString();

    assertThat(json.getString("id")).isEqualTo(reviewed);
    assertThat(json.getString("alertname")).isEqualTo("LlmReviewJsonProbe");
    assertThat(json.getBoolean("llmReview.advisory")).isTrue();
    assertThat(json.getString("llmReview.category")).isEqualTo("BACKPRESSURE");
    assertThat(json.getString("llmReview.summary")).isEqualTo(HOSTILE);
    assertThat(json.getBoolean("llmReview.agreesWithDeterministic")).isFalse();
    assertThat(json.getString("llmReview.deterministicCategory")).isEqualTo("NO_RUNBOOK");
    assertThat(json.getString("llmReview.finalVerdict")).isEqualTo("llm");
    assertThat(json.getString("llmReview.fallback")).isNull();
    assertThat(json.getInt("llmReview.toolCalls")).isEqualTo(3);
    assertThat(json.getList("llmReview.toolsRun", String.class))
        .containsExactly("listJobs", "jobState", "listJobs");
    assertThat(json.getList("llmReview.proposals", String.class))
        .containsExactly("0b7c1a52-0000-4000-8000-00000000c0de");
    assertThat(json.getString("llmReview.reviewedAt")).isEqualTo("2026-01-02T03:04:09Z");
    assertThat(absent).contains("\"llmReview\":null").contains("\"id\":\"" + plain + "\"");
  }
}
