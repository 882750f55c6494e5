package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON of one provider's chat API, as a conversation script writes its answers and reads the
 * requests the real langchain4j client sends: the OpenAI-compatible chat completions API, the
 * Anthropic Messages API and Ollama's {@code /api/chat}. Only the fields the clients read and
 * write; each follows the provider's API reference.
 */
enum WireDialect {
  /** {@code POST /v1/chat/completions}: tool calls carry ids, their arguments are a JSON string. */
  OPENAI("openai", "/v1/chat/completions", true) {
    @Override
    LlmConfig config(LoopbackLlmServer server) {
      return TestLlmConfig.of("openai", server.url("/v1"), "test-key", "qwen2.5-7b-instruct");
    }

    @Override
    String toolCalls(Usage usage, Call... calls) {
      ObjectNode root = response(usage, "tool_calls");
      ObjectNode message = message(root).putNull("content");
      ArrayNode out = message.putArray("tool_calls");
      for (Call c : calls) {
        ObjectNode call = out.addObject();
        call.put("id", c.id());
        call.put("type", "function");
        call.putObject("function").put("name", c.name()).put("arguments", c.arguments());
      }
      return root.toString();
    }

    @Override
    String answer(Usage usage, String text) {
      ObjectNode root = response(usage, "stop");
      message(root).put("content", text);
      return root.toString();
    }

    private ObjectNode response(Usage usage, String finishReason) {
      ObjectNode root = JSON.createObjectNode();
      root.put("id", "chatcmpl-test");
      root.put("object", "chat.completion");
      root.put("created", 1764470000L);
      root.put("model", "qwen2.5-7b-instruct");
      ObjectNode choice = root.putArray("choices").addObject();
      choice.put("index", 0);
      choice.putObject("message").put("role", "assistant");
      choice.put("finish_reason", finishReason);
      root.putObject("usage")
          .put("prompt_tokens", usage.in())
          .put("completion_tokens", usage.out())
          .put("total_tokens", usage.in() + usage.out());
      return root;
    }

    private ObjectNode message(ObjectNode root) {
      return (ObjectNode) root.path("choices").get(0).path("message");
    }

    @Override
    List<Result> toolResults(JsonNode request) {
      List<Result> out = new ArrayList<>();
      JsonNode messages = request.path("messages");
      for (int i = lastAssistant(messages) + 1; i < messages.size(); i++) {
        JsonNode m = messages.get(i);
        if (m.path("role").asText().equals("tool")) {
          out.add(new Result(m.path("tool_call_id").asText(null), m.path("content").asText()));
        }
      }
      return out;
    }

    @Override
    List<String> echoedCallIds(JsonNode request) {
      List<String> ids = new ArrayList<>();
      JsonNode messages = request.path("messages");
      int at = lastAssistant(messages);
      if (at >= 0) {
        messages.get(at).path("tool_calls").forEach(c -> ids.add(c.path("id").asText()));
      }
      return ids;
    }

    @Override
    List<String> tools(JsonNode request) {
      List<String> names = new ArrayList<>();
      request.path("tools").forEach(t -> names.add(t.path("function").path("name").asText()));
      return names;
    }

    @Override
    String system(JsonNode request) {
      return firstOfRole(request.path("messages"), "system");
    }

    @Override
    String user(JsonNode request) {
      return firstOfRole(request.path("messages"), "user");
    }
  },

  /**
   * {@code POST /v1/messages}: tool calls are {@code tool_use} blocks with ids, their results
   * {@code tool_result} blocks of the next user message.
   */
  ANTHROPIC("anthropic", "/v1/messages", true) {
    @Override
    LlmConfig config(LoopbackLlmServer server) {
      return TestLlmConfig.of("anthropic", server.url("/v1/"), "sk-ant-test", "claude-sonnet-4-5");
    }

    @Override
    String toolCalls(Usage usage, Call... calls) {
      ObjectNode root = message(usage, "tool_use");
      ArrayNode content = root.putArray("content");
      content.addObject().put("type", "text").put("text", "Checking.");
      for (Call c : calls) {
        content
            .addObject()
            .put("type", "tool_use")
            .put("id", c.id())
            .put("name", c.name())
            .set("input", parse(c.arguments()));
      }
      return root.toString();
    }

    @Override
    String answer(Usage usage, String text) {
      ObjectNode root = message(usage, "end_turn");
      root.putArray("content").addObject().put("type", "text").put("text", text);
      return root.toString();
    }

    private ObjectNode message(Usage usage, String stopReason) {
      ObjectNode root = JSON.createObjectNode();
      root.put("id", "msg_test");
      root.put("type", "message");
      root.put("role", "assistant");
      root.put("model", "claude-sonnet-4-5");
      root.put("stop_reason", stopReason);
      root.putNull("stop_sequence");
      root.putObject("usage").put("input_tokens", usage.in()).put("output_tokens", usage.out());
      return root;
    }

    @Override
    List<Result> toolResults(JsonNode request) {
      List<Result> out = new ArrayList<>();
      JsonNode messages = request.path("messages");
      for (int i = lastAssistant(messages) + 1; i < messages.size(); i++) {
        for (JsonNode block : messages.get(i).path("content")) {
          if (block.path("type").asText().equals("tool_result")) {
            out.add(
                new Result(block.path("tool_use_id").asText(null), text(block.path("content"))));
          }
        }
      }
      return out;
    }

    @Override
    List<String> echoedCallIds(JsonNode request) {
      List<String> ids = new ArrayList<>();
      JsonNode messages = request.path("messages");
      int at = lastAssistant(messages);
      if (at >= 0) {
        for (JsonNode block : messages.get(at).path("content")) {
          if (block.path("type").asText().equals("tool_use")) {
            ids.add(block.path("id").asText());
          }
        }
      }
      return ids;
    }

    @Override
    List<String> tools(JsonNode request) {
      List<String> names = new ArrayList<>();
      request.path("tools").forEach(t -> names.add(t.path("name").asText()));
      return names;
    }

    @Override
    String system(JsonNode request) {
      return text(request.path("system"));
    }

    @Override
    String user(JsonNode request) {
      for (JsonNode m : request.path("messages")) {
        if (m.path("role").asText().equals("user")) {
          return text(m.path("content"));
        }
      }
      return null;
    }
  },

  /**
   * {@code POST /api/chat}: tool calls carry no ids and their arguments are a JSON object; results
   * are {@code tool} messages in the order of the calls.
   */
  OLLAMA("ollama", "/api/chat", false) {
    @Override
    LlmConfig config(LoopbackLlmServer server) {
      return TestLlmConfig.of("ollama", server.url(""), null, "qwen2.5:7b");
    }

    @Override
    String toolCalls(Usage usage, Call... calls) {
      ObjectNode root = response(usage);
      ObjectNode message = root.putObject("message").put("role", "assistant").put("content", "");
      ArrayNode out = message.putArray("tool_calls");
      for (Call c : calls) {
        out.addObject()
            .putObject("function")
            .put("name", c.name())
            .set("arguments", parse(c.arguments()));
      }
      return root.toString();
    }

    @Override
    String answer(Usage usage, String text) {
      ObjectNode root = response(usage);
      root.putObject("message").put("role", "assistant").put("content", text);
      return root.toString();
    }

    private ObjectNode response(Usage usage) {
      ObjectNode root = JSON.createObjectNode();
      root.put("model", "qwen2.5:7b");
      root.put("created_at", "2026-11-30T03:00:00.000000Z");
      root.put("done_reason", "stop");
      root.put("done", true);
      root.put("prompt_eval_count", usage.in());
      root.put("eval_count", usage.out());
      return root;
    }

    @Override
    List<Result> toolResults(JsonNode request) {
      List<Result> out = new ArrayList<>();
      JsonNode messages = request.path("messages");
      for (int i = lastAssistant(messages) + 1; i < messages.size(); i++) {
        JsonNode m = messages.get(i);
        if (m.path("role").asText().equals("tool")) {
          out.add(new Result(null, m.path("content").asText()));
        }
      }
      return out;
    }

    @Override
    List<String> echoedCallIds(JsonNode request) {
      return List.of();
    }

    @Override
    List<String> tools(JsonNode request) {
      List<String> names = new ArrayList<>();
      request.path("tools").forEach(t -> names.add(t.path("function").path("name").asText()));
      return names;
    }

    @Override
    String system(JsonNode request) {
      return firstOfRole(request.path("messages"), "system");
    }

    @Override
    String user(JsonNode request) {
      return firstOfRole(request.path("messages"), "user");
    }
  };

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Token counts one response reports in its usage fields. */
  record Usage(int in, int out) {}

  /** One tool call the model asks for; {@code arguments} as the model writes them (JSON text). */
  record Call(String id, String name, String arguments) {}

  /** One tool result as the client sent it back; {@code id} null where the API has none. */
  record Result(String id, String content) {}

  private final String provider;
  private final String path;
  private final boolean callIds;

  WireDialect(String provider, String path, boolean callIds) {
    this.provider = provider;
    this.path = path;
    this.callIds = callIds;
  }

  String provider() {
    return provider;
  }

  /** The path every chat request goes to. */
  String path() {
    return path;
  }

  /** Whether tool calls and their results carry ids on this wire. */
  boolean hasCallIds() {
    return callIds;
  }

  /** {@code lakeops.llm.*} for the provider's client pointed at {@code server}. */
  abstract LlmConfig config(LoopbackLlmServer server);

  /** A response that asks for {@code calls}, all in one message. */
  abstract String toolCalls(Usage usage, Call... calls);

  /** A final response with {@code text} as its content. */
  abstract String answer(Usage usage, String text);

  /** The tool results {@code request} carries after the model's last message, in order. */
  abstract List<Result> toolResults(JsonNode request);

  /** The ids of the tool calls in the model's last message, as the client sent it back. */
  abstract List<String> echoedCallIds(JsonNode request);

  /** Names of the tools {@code request} declares. */
  abstract List<String> tools(JsonNode request);

  /** The system prompt's text. */
  abstract String system(JsonNode request);

  /** The first user message's text. */
  abstract String user(JsonNode request);

  static JsonNode read(String body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode parse(String arguments) {
    return read(arguments);
  }

  private static int lastAssistant(JsonNode messages) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i).path("role").asText().equals("assistant")) {
        return i;
      }
    }
    return -1;
  }

  private static String firstOfRole(JsonNode messages, String role) {
    for (JsonNode m : messages) {
      if (m.path("role").asText().equals(role)) {
        return text(m.path("content"));
      }
    }
    return null;
  }

  /** A content field as text: a string, or the text of its blocks. */
  private static String text(JsonNode content) {
    if (content.isTextual()) {
      return content.asText();
    }
    StringBuilder out = new StringBuilder();
    for (JsonNode block : content) {
      out.append(block.path("text").asText(""));
    }
    return out.toString();
  }
}
