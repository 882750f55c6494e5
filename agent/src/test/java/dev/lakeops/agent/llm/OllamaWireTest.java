package dev.lakeops.agent.llm;

import static dev.lakeops.agent.llm.OpenAiWireTest.recording;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.runbooks.Category;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native {@code OllamaChatModel} (langchain4j-ollama 1.18.1 on langchain4j-core 1.19.0) against
 * a loopback {@code /api/chat}: the mixed versions build requests (with the verdict's JSON schema
 * as {@code format}, by default) and parse tool calls.
 */
class OllamaWireTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private final ExecutorService threads = LlmFixtures.threads();
  private LoopbackLlmServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    threads.shutdownNow();
  }

  private LlmAssessment review(LlmConfig config) {
    LlmTriage triage =
        new LlmTriage(
            LlmModels.create(config).orElseThrow(),
            "ollama",
            "qwen2.5:7b",
            LlmFixtures.toolbox(new InMemoryProposals(), threads, dir),
            LlmLimits.defaults(),
            threads,
            Clock.systemUTC(),
            LlmFixtures.metrics());
    return triage.review("inc-1", LlmFixtures.deterministicReport(Map.of()));
  }

  @Test
  void runsAToolCallRoundTripThroughOllamasOwnApiWithTheVerdictSchemaAsFormat() throws IOException {
    Path damaged = LlmFixtures.damagedBinlog(dir);
    server =
        new LoopbackLlmServer(
            List.of(
                recording("/llm/ollama/1-tool-call.json").replace("${BINLOG}", damaged.toString()),
                recording("/llm/ollama/2-verdict-structured.json")));

    LlmAssessment assessment =
        review(TestLlmConfig.of("ollama", server.url(""), null, "qwen2.5:7b"));

    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.verdict().category()).isEqualTo(Category.INCONCLUSIVE);
    assertThat(assessment.verdict().evidence()).containsExactly("binlog.crc-mismatch");
    List<LoopbackLlmServer.Received> requests = server.received();
    assertThat(requests)
        .extracting(LoopbackLlmServer.Received::path)
        .containsExactly("/api/chat", "/api/chat");
    JsonNode first = JSON.readTree(requests.get(0).body());
    assertThat(first.path("tools").toString())
        .contains("\"binlog_verify\"")
        .contains("\"propose_action\"");
    JsonNode format = first.path("format");
    assertThat(format.path("type").asText()).isEqualTo("object");
    assertThat(format.path("properties").path("confidence").path("enum").toString())
        .isEqualTo("[\"LOW\",\"MEDIUM\",\"HIGH\"]");
    assertThat(format.path("required").toString()).contains("\"evidence\"");
    assertThat(JSON.readTree(requests.get(1).body()).path("format")).isEqualTo(format);
    JsonNode messages = JSON.readTree(requests.get(1).body()).path("messages");
    JsonNode toolMessage = messages.get(messages.size() - 1);
    assertThat(toolMessage.path("role").asText()).isEqualTo("tool");
    assertThat(toolMessage.path("content").asText()).contains("binlog.crc-mismatch");
  }

  @Test
  void withoutStructuredOutputSendsNoFormatAndReadsTheVerdictOutOfTheText() throws IOException {
    Path damaged = LlmFixtures.damagedBinlog(dir);
    server =
        new LoopbackLlmServer(
            List.of(
                recording("/llm/ollama/1-tool-call.json").replace("${BINLOG}", damaged.toString()),
                recording("/llm/ollama/2-verdict.json")));

    LlmAssessment assessment =
        review(TestLlmConfig.of("ollama", server.url(""), null, "qwen2.5:7b").textOnly());

    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.verdict().evidence()).containsExactly("binlog.crc-mismatch");
    for (LoopbackLlmServer.Received request : server.received()) {
      assertThat(JSON.readTree(request.body()).has("format")).isFalse();
    }
  }

  @Test
  void aStructuredAnswerInTheTextLayoutFallsBackToTheDeterministicVerdict() throws IOException {
    // The text layout's entities are an object ({}); the schema's are a list of name and value.
    server = new LoopbackLlmServer(List.of(recording("/llm/ollama/2-verdict.json")));

    LlmAssessment assessment =
        review(TestLlmConfig.of("ollama", server.url(""), null, "qwen2.5:7b"));

    assertThat(assessment.fallback())
        .startsWith("invalid verdict: the structured answer does not fit the verdict schema (");
    assertThat(assessment.verdict().category()).isEqualTo(Category.PROBE_FAILED);
  }
}
