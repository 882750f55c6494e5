package dev.lakeops.agent.llm;

import static dev.lakeops.agent.llm.ScriptedChatModel.toolResults;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The triage with a model that has structured output: the real AiServices loop sends {@link
 * LlmVerdict}'s schema as the response format and maps the answer onto it; an answer that does not
 * fit, or cites evidence no tool returned, leaves the deterministic verdict standing.
 */
class LlmTriageStructuredTest {

  @TempDir Path dir;

  private final ExecutorService threads = LlmFixtures.threads();

  @AfterEach
  void stop() {
    threads.shutdownNow();
  }

  private LlmTriage triage(ScriptedChatModel model) {
    return new LlmTriage(
        model,
        "openai",
        "scripted",
        LlmFixtures.toolbox(new InMemoryProposals(), threads, dir),
        LlmLimits.defaults(),
        threads,
        Clock.systemUTC(),
        LlmFixtures.metrics());
  }

  @Test
  void sendsTheVerdictSchemaAsTheResponseFormatAndMapsTheAnswerOntoIt() {
    Path damaged = LlmFixtures.damagedBinlog(dir);
    ScriptedChatModel model =
        ScriptedChatModel.structured()
            .callsTool("call-1", "verifyFile", LlmFixtures.json(damaged.toString()))
            .then(
                r ->
                    ScriptedChatModel.text(
                        """
                        {"category":"INCONCLUSIVE","summary":"Flink is unreachable; the binlog has a CRC mismatch at 1961.",
                         "entities":[{"name":"job","value":"orders-to-lake"},{"name":"binlogFile","value":"mariadb-10.11-crc32.000002"}],
                         "evidence":["%s"],"confidence":"MEDIUM","nextActions":["Restart the CDC source after the damage"]}\
                        """
                            .formatted(LlmTriageTest.firstCode(toolResults(r).get(0).text()))));

    LlmAssessment assessment =
        triage(model).review("inc-1", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.finalVerdict()).isEqualTo(LlmAssessment.LLM);
    assertThat(assessment.llm().category()).isEqualTo(Category.INCONCLUSIVE);
    assertThat(assessment.llm().confidence()).isEqualTo(Confidence.MEDIUM);
    assertThat(assessment.llm().entities())
        .containsExactly(
            Map.entry("job", "orders-to-lake"),
            Map.entry("binlogFile", "mariadb-10.11-crc32.000002"));
    assertThat(assessment.llm().evidence()).singleElement().asString().startsWith("binlog.");
    assertThat(model.requests())
        .hasSize(2)
        .allSatisfy(
            request -> {
              assertThat(ScriptedChatModel.systemText(request)).isEqualTo(TriagePrompt.STRUCTURED);
              assertThat(request.responseFormat().type()).isEqualTo(ResponseFormatType.JSON);
              assertThat(request.responseFormat().jsonSchema().name()).isEqualTo("LlmVerdict");
              assertThat(request.toolSpecifications())
                  .extracting(s -> s.name())
                  .contains("verifyFile", "propose_action");
            });
    JsonObjectSchema root =
        (JsonObjectSchema) model.requests().get(0).responseFormat().jsonSchema().rootElement();
    assertThat(root.properties())
        .containsOnlyKeys(
            "category", "summary", "entities", "evidence", "confidence", "nextActions");
    assertThat(root.required())
        .containsExactlyInAnyOrder(
            "category", "summary", "entities", "evidence", "confidence", "nextActions");
    assertThat(((JsonEnumSchema) root.properties().get("category")).enumValues())
        .contains("BACKPRESSURE", "DUPLICATES", "NO_FAULT");
    assertThat(((JsonEnumSchema) root.properties().get("confidence")).enumValues())
        .containsExactly("LOW", "MEDIUM", "HIGH");
    JsonObjectSchema entity =
        (JsonObjectSchema) ((JsonArraySchema) root.properties().get("entities")).items();
    assertThat(entity.required()).containsExactly("name", "value");
    // The schema replaces the text instructions langchain4j appends for models without structured
    // output.
    assertThat(ScriptedChatModel.userTexts(model.requests().get(0)).get(0))
        .doesNotContain("You must answer strictly");
  }

  @Test
  void fallsBackWithTheReasonWhenTheStructuredAnswerDoesNotFitTheSchema() {
    String unknownCategory =
        LlmTriageTest.deterministicAnswer()
            .replace("PROBE_FAILED", "ROLLED_BACK")
            .replace("{\"job\":\"orders-to-lake\"}", "[]");
    String missingConfidence =
        """
        {"category":"PROBE_FAILED","summary":"Flink cannot be read.","entities":[],"evidence":[],"nextActions":[]}\
        """;
    String entitiesAsObject = LlmTriageTest.deterministicAnswer();

    for (String answer :
        new String[] {
          unknownCategory, missingConfidence, entitiesAsObject, "The job is fine, I think."
        }) {
      LlmAssessment assessment =
          triage(ScriptedChatModel.structured().answers(answer))
              .review("inc-2", LlmFixtures.deterministicReport(Map.of()));

      assertThat(assessment.fallback())
          .as(answer)
          .startsWith("invalid verdict: the structured answer does not fit the verdict schema (");
      assertThat(assessment.llm()).isNull();
      assertThat(assessment.finalVerdict()).isEqualTo(LlmAssessment.DETERMINISTIC);
      assertThat(assessment.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    }
  }

  @Test
  void fallsBackWhenTheStructuredAnswerIsEmpty() {
    LlmAssessment assessment =
        triage(ScriptedChatModel.structured().answers(" "))
            .review("inc-3", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback()).isEqualTo("invalid verdict: the model gave no final answer");
  }

  @Test
  void refusesAStructuredVerdictCitingEvidenceThatNoToolReturned() {
    ScriptedChatModel model =
        ScriptedChatModel.structured()
            .answers(
                """
                {"category":"BACKPRESSURE","summary":"The sink is slow.","entities":[],"evidence":["flink.backpressure.bottleneck"],
                 "confidence":"HIGH","nextActions":[]}\
                """);

    LlmAssessment assessment =
        triage(model).review("inc-4", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback())
        .isEqualTo(
            "invalid verdict: evidence 'flink.backpressure.bottleneck' is not a finding of this"
                + " incident");
    assertThat(assessment.verdict().category()).isEqualTo(Category.PROBE_FAILED);
  }

  @Test
  void readsTheVerdictOutOfTheTextWhenTheModelHasNoStructuredOutput() {
    ScriptedChatModel model = new ScriptedChatModel().answers(LlmTriageTest.deterministicAnswer());

    LlmAssessment assessment =
        triage(model).review("inc-5", LlmFixtures.deterministicReport(Map.of()));

    ChatRequest request = model.requests().get(0);
    assertThat(request.responseFormat()).isNull();
    assertThat(ScriptedChatModel.systemText(request)).isEqualTo(TriagePrompt.SYSTEM);
    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.llm().entities()).containsExactly(Map.entry("job", "orders-to-lake"));
  }
}
