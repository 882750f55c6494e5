package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The arguments of a model's tool call, read by the guards that check them before a tool runs. */
final class ToolArguments {

  /** What a guard answers when the model's arguments are not a JSON object. */
  static final String NOT_AN_OBJECT = "REFUSED: the arguments are not a JSON object";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ToolArguments() {}

  /** The arguments as JSON ({@code {}} when none were sent); empty when they are not JSON. */
  static Optional<JsonNode> parse(ToolExecutionRequest request) {
    try {
      return Optional.of(
          MAPPER.readTree(
              request.arguments() == null || request.arguments().isBlank()
                  ? "{}"
                  : request.arguments()));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The fields of a JSON object as Java values for {@code ToolArgs}: text, whole numbers as {@code
   * Long}, other numbers as {@code Double}, booleans, arrays as lists; {@code null} stays null (not
   * given), and an object stays a {@link JsonNode}, which no declared type reads.
   */
  static Map<String, Object> values(JsonNode object) {
    Map<String, Object> values = new LinkedHashMap<>();
    object.fields().forEachRemaining(e -> values.put(e.getKey(), value(e.getValue())));
    return values;
  }

  private static Object value(JsonNode node) {
    if (node.isNull() || node.isMissingNode()) {
      return null;
    }
    if (node.isTextual()) {
      return node.asText();
    }
    if (node.isBoolean()) {
      return node.asBoolean();
    }
    if (node.isIntegralNumber()) {
      return node.canConvertToLong() ? (Object) node.asLong() : node.bigIntegerValue();
    }
    if (node.isNumber()) {
      return node.asDouble();
    }
    if (node.isArray()) {
      List<Object> items = new ArrayList<>();
      node.forEach(item -> items.add(value(item)));
      return items;
    }
    return node;
  }

  /** A model-supplied value cut for an answer to the model. */
  static String clip(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "...";
  }
}
