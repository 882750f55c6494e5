package dev.lakeops.agent.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.runbooks.Category;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code OpenAiChatModel} client against a loopback server that replays an OpenAI
 * chat-completions tool-call conversation: the request bodies carry our tools, our tool results and
 * (with structured output, the default) the verdict's JSON schema as {@code response_format}.
 */
class OpenAiWireTest {

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

  private LlmTriage triage(LlmConfig config, SimpleMeterRegistry registry) {
    return new LlmTriage(
        LlmModels.create(config).orElseThrow(),
        "openai",
        config.model().orElseThrow(),
        LlmFixtures.toolbox(new InMemoryProposals(), threads, dir),
        LlmLimits.defaults(),
        threads,
        Clock.systemUTC(),
        new LlmMetrics(registry));
  }

  @Test
  void sendsToolsAndTheVerdictSchemaAndReturnsToolResultsInTheOpenAiWireFormat()
      throws IOException {
    Path damaged = LlmFixtures.damagedBinlog(dir);
    server =
        new LoopbackLlmServer(
            List.of(
                recording("/llm/openai/1-tool-call.json").replace("${BINLOG}", damaged.toString()),
                recording("/llm/openai/2-verdict-structured.json")));
    LlmConfig config =
        TestLlmConfig.of("openai", server.url("/v1"), "test-key", "qwen2.5-7b-instruct");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();

    LlmAssessment assessment =
        triage(config, registry).review("inc-1", LlmFixtures.deterministicReport(Map.of()));

    // The usage fields of both recorded responses, as the OpenAI client reports them.
    assertThat(registry.get("lakeops.llm.tokens").tags("type", "prompt").counter().count())
        .isEqualTo(1812 + 2240);
    assertThat(registry.get("lakeops.llm.tokens").tags("type", "completion").counter().count())
        .isEqualTo(31 + 64);
    assertThat(registry.get("lakeops.llm.model.calls").tags("outcome", "ok").counter().count())
        .isEqualTo(2);
    assertThat(
            registry
                .get("lakeops.llm.tool.calls")
                .tags("tool", "binlog_verify", "outcome", "ok")
                .counter()
                .count())
        .isEqualTo(1);

    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.verdict().category()).isEqualTo(Category.INCONCLUSIVE);
    assertThat(assessment.verdict().evidence()).containsExactly("binlog.crc-mismatch");
    assertThat(assessment.verdict().entities())
        .containsEntry("job", "orders-to-lake")
        .containsEntry("binlogFile", "mariadb-10.11-crc32.000002");
    assertThat(assessment.tokens()).isEqualTo(1843 + 2304);
    assertThat(assessment.toolCalls()).isEqualTo(1);

    List<LoopbackLlmServer.Received> requests = server.received();
    assertThat(requests).hasSize(2);
    assertThat(requests.get(0).path()).isEqualTo("/v1/chat/completions");
    assertThat(requests.get(0).header("Authorization")).isEqualTo("Bearer test-key");

    JsonNode first = JSON.readTree(requests.get(0).body());
    assertThat(first.path("model").asText()).isEqualTo("qwen2.5-7b-instruct");
    assertThat(first.path("temperature").asDouble()).isEqualTo(0.0);
    List<String> names = new ArrayList<>();
    first
        .path("tools")
        .forEach(
            t -> {
              assertThat(t.path("type").asText()).isEqualTo("function");
              names.add(t.path("function").path("name").asText());
            });
    assertThat(names).contains("binlog_verify", "binlog_events", "flink_job", "propose_action");
    JsonNode verify = tool(first, "binlog_verify").path("function").path("parameters");
    assertThat(verify.path("type").asText()).isEqualTo("object");
    assertThat(verify.path("properties").path("path").path("type").asText()).isEqualTo("string");
    assertThat(verify.path("required").toString()).isEqualTo("[\"path\"]");
    JsonNode propose = tool(first, "propose_action").path("function").path("parameters");
    assertThat(propose.path("properties").path("action").path("enum").toString())
        .contains("table.rollback_to", "kafka.reset_offsets");
    assertThat(first.path("messages").get(0).path("role").asText()).isEqualTo("system");
    assertThat(first.path("messages").get(0).path("content").asText())
        .isEqualTo(TriagePrompt.STRUCTURED);
    JsonNode format = first.path("response_format");
    assertThat(format.path("type").asText()).isEqualTo("json_schema");
    assertThat(format.path("json_schema").path("name").asText()).isEqualTo("LlmVerdict");
    assertThat(format.path("json_schema").path("strict").asBoolean()).isTrue();
    JsonNode schema = format.path("json_schema").path("schema");
    assertThat(schema.path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(schema.path("required").toString())
        .isEqualTo(
            "[\"category\",\"summary\",\"entities\",\"evidence\",\"confidence\",\"nextActions\"]");
    assertThat(schema.path("properties").path("category").path("enum").toString())
        .contains("\"INCONCLUSIVE\"", "\"DUPLICATES\"");
    assertThat(
            schema.path("properties").path("entities").path("items").path("properties").has("name"))
        .isTrue();
    assertThat(first.path("messages").get(1).path("role").asText()).isEqualTo("user");
    assertThat(first.path("messages").get(1).path("content").asText())
        .contains(DataBlock.OPEN)
        .contains("PROBE_FAILED");

    JsonNode second = JSON.readTree(requests.get(1).body());
    assertThat(second.path("response_format")).isEqualTo(format);
    JsonNode messages = second.path("messages");
    JsonNode assistant = messages.get(2);
    assertThat(assistant.path("role").asText()).isEqualTo("assistant");
    assertThat(assistant.path("tool_calls").get(0).path("id").asText()).isEqualTo("call_9d1c2e");
    JsonNode toolMessage = messages.get(3);
    assertThat(toolMessage.path("role").asText()).isEqualTo("tool");
    assertThat(toolMessage.path("tool_call_id").asText()).isEqualTo("call_9d1c2e");
    JsonNode toolResult = JSON.readTree(toolMessage.path("content").asText());
    assertThat(toolResult.path("status").asText()).isEqualTo("OK");
    assertThat(toolResult.path("tool").asText()).isEqualTo("binlog.verify");
    assertThat(toolResult.toString()).contains("binlog.crc-mismatch");
  }

  @Test
  void withoutStructuredOutputTheVerdictIsReadOutOfTheModelsText() throws IOException {
    Path damaged = LlmFixtures.damagedBinlog(dir);
    server =
        new LoopbackLlmServer(
            List.of(
                recording("/llm/openai/1-tool-call.json").replace("${BINLOG}", damaged.toString()),
                recording("/llm/openai/2-verdict.json")));
    LlmConfig config =
        TestLlmConfig.of("openai", server.url("/v1"), "test-key", "qwen2.5-7b-instruct").textOnly();

    LlmAssessment assessment =
        triage(config, new SimpleMeterRegistry())
            .review("inc-1", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback()).isNull();
    assertThat(assessment.verdict().category()).isEqualTo(Category.INCONCLUSIVE);
    assertThat(assessment.verdict().entities()).containsExactly(Map.entry("job", "orders-to-lake"));
    for (LoopbackLlmServer.Received request : server.received()) {
      JsonNode body = JSON.readTree(request.body());
      assertThat(body.has("response_format")).isFalse();
      assertThat(body.path("messages").get(0).path("content").asText())
          .isEqualTo(TriagePrompt.SYSTEM);
    }
  }

  @Test
  void aTruncatedStructuredAnswerFallsBackToTheDeterministicVerdict() throws IOException {
    server = new LoopbackLlmServer(List.of(recording("/llm/openai/2-verdict-truncated.json")));
    LlmConfig config =
        TestLlmConfig.of("openai", server.url("/v1"), "test-key", "qwen2.5-7b-instruct");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();

    LlmAssessment assessment =
        triage(config, registry).review("inc-3", LlmFixtures.deterministicReport(Map.of()));

    assertThat(assessment.fallback())
        .startsWith("invalid verdict: the structured answer does not fit the verdict schema (");
    assertThat(assessment.finalVerdict()).isEqualTo(LlmAssessment.DETERMINISTIC);
    assertThat(assessment.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(
            registry
                .get("lakeops.llm.runs")
                .tags("outcome", "fallback", "reason", "invalid_output")
                .counter()
                .count())
        .isEqualTo(1);
  }

  @Test
  void anHttpErrorFromTheServerFallsBackToTheDeterministicVerdict() throws IOException {
    server = new LoopbackLlmServer(List.of());
    LlmConfig config = TestLlmConfig.of("openai", server.url("/v1"), "test-key", "m");
    SimpleMeterRegistry registry = new SimpleMeterRegistry();

    LlmAssessment assessment =
        triage(config, registry).review("inc-2", LlmFixtures.deterministicReport(Map.of()));

    assertThat(registry.get("lakeops.llm.model.calls").tags("outcome", "error").counter().count())
        .isEqualTo(1);
    assertThat(
            registry
                .get("lakeops.llm.runs")
                .tags("outcome", "fallback", "reason", "provider_error")
                .counter()
                .count())
        .isEqualTo(1);

    assertThat(assessment.fallback()).startsWith("provider error:").doesNotContain("test-key");
    assertThat(assessment.verdict().category()).isEqualTo(Category.PROBE_FAILED);
    assertThat(server.received()).hasSize(1);
  }

  static JsonNode tool(JsonNode request, String name) {
    for (JsonNode t : request.path("tools")) {
      if (t.path("function").path("name").asText().equals(name)
          || t.path("name").asText().equals(name)) {
        return t;
      }
    }
    throw new AssertionError("no tool " + name + " in " + request.path("tools"));
  }

  static String recording(String resource) throws IOException {
    try (InputStream in = OpenAiWireTest.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
