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
 * a loopback {@code /api/chat}: the mixed versions build requests and parse tool calls.
 */
class OllamaWireTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private final ExecutorService threads = LlmFixtures.threads();
  private LoopbackLlmServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    threads.shutdownNow();
  }

  @Test
  void runsAToolCallRoundTripThroughOllamasOwnApi() throws IOException {
    Path damaged = LlmFixtures.damagedBinlog(dir);
    server = new LoopbackLlmServer(List.of(
        recording("/llm/ollama/1-tool-call.json").replace("${BINLOG}", damaged.toString()),
        recording("/llm/ollama/2-verdict.json")));
    LlmConfig config = TestLlmConfig.of("ollama", server.url(""), null, "qwen2.5:7b");
    LlmTriage triage = new LlmTriage(LlmModels.create(config).orElseThrow(), "ollama", "qwen2.5:7b",
        LlmFixtures.toolbox(new InMemoryProposals(), threads, dir), LlmLimits.defaults(), threads, Clock.systemUTC(), LlmMetrics.unpublished());

    LlmAssessment assessment = triage.review("inc-1", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.verdict().category()).isEqualTo(Category.INCONCLUSIVE);
    List<LoopbackLlmServer.Received> requests = server.received();
    assertThat(requests).extracting(LoopbackLlmServer.Received::path).containsExactly("/api/chat", "/api/chat");
    JsonNode first = JSON.readTree(requests.get(0).body());
    assertThat(first.path("tools").toString()).contains("\"binlog_verify\"").contains("\"propose_action\"");
    JsonNode messages = JSON.readTree(requests.get(1).body()).path("messages");
    JsonNode toolMessage = messages.get(messages.size() - 1);
    assertThat(toolMessage.path("role").asText()).isEqualTo("tool");
    assertThat(toolMessage.path("content").asText()).contains("binlog.crc-mismatch");
  }
}
