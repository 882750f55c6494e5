package dev.lakeops.eval.models;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OpenAI-compatible chat-completions server on the loopback interface, speaking the real JSON,
 * whose "models" follow fixed policies over whole conversations: {@code parrot} first calls one
 * declared tool that needs no arguments, then answers with the deterministic verdict it was shown;
 * {@code contrarian} answers at once that nothing is wrong. Every response reports 100 prompt and
 * 20 completion tokens.
 */
final class FakeOpenAiServer implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern CATEGORY = Pattern.compile("\"category\"\\s*:\\s*\"([A-Z_]+)\"");

  private final HttpServer server;
  final AtomicInteger requests = new AtomicInteger();
  final AtomicInteger toolResults = new AtomicInteger();

  FakeOpenAiServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/v1/chat/completions",
        exchange -> {
          JsonNode request = JSON.readTree(exchange.getRequestBody());
          requests.incrementAndGet();
          byte[] body = answer(request).toString().getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  private ObjectNode answer(JsonNode request) {
    String model = request.path("model").asText();
    JsonNode messages = request.path("messages");
    boolean toolAnswered = false;
    String shown = "UNKNOWN";
    for (JsonNode m : messages) {
      if (m.path("role").asText().equals("tool")) {
        toolAnswered = true;
      }
      if (m.path("role").asText().equals("user")) {
        Matcher c = CATEGORY.matcher(m.path("content").asText());
        if (c.find()) {
          shown = c.group(1);
        }
      }
    }
    if (toolAnswered) {
      toolResults.incrementAndGet();
    }
    if (model.equals("parrot") && !toolAnswered) {
      String tool = toolWithoutArguments(request.path("tools"));
      if (tool != null) {
        return toolCall(model, tool);
      }
    }
    String category = model.equals("contrarian") ? "NO_FAULT" : shown;
    ObjectNode verdict = JSON.createObjectNode();
    verdict.put("category", category);
    verdict.put("summary", model + " says " + category);
    verdict.putArray("entities");
    verdict.putArray("evidence");
    verdict.put("confidence", "MEDIUM");
    verdict.putArray("nextActions").add("look at the findings");
    ObjectNode root = response(model, "stop");
    message(root).put("content", verdict.toString());
    return root;
  }

  private static String toolWithoutArguments(JsonNode tools) {
    for (JsonNode t : tools) {
      JsonNode required = t.path("function").path("parameters").path("required");
      if (!required.isArray() || required.isEmpty()) {
        return t.path("function").path("name").asText();
      }
    }
    return null;
  }

  private static ObjectNode toolCall(String model, String tool) {
    ObjectNode root = response(model, "tool_calls");
    ArrayNode calls = message(root).putArray("tool_calls");
    ObjectNode call = calls.addObject();
    call.put("id", "call_1");
    call.put("type", "function");
    call.putObject("function").put("name", tool).put("arguments", "{}");
    return root;
  }

  private static ObjectNode response(String model, String finish) {
    ObjectNode root = JSON.createObjectNode();
    root.put("id", "chatcmpl-eval");
    root.put("object", "chat.completion");
    root.put("created", 1764470000L);
    root.put("model", model);
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0);
    choice.putObject("message").put("role", "assistant");
    choice.put("finish_reason", finish);
    root.putObject("usage")
        .put("prompt_tokens", 100)
        .put("completion_tokens", 20)
        .put("total_tokens", 120);
    return root;
  }

  private static ObjectNode message(ObjectNode root) {
    return (ObjectNode) root.path("choices").get(0).path("message");
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
