package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.io.IOException;
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
      return Optional.of(MAPPER.readTree(request.arguments() == null || request.arguments().isBlank() ? "{}" : request.arguments()));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** A model-supplied value cut for an answer to the model. */
  static String clip(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "...";
  }
}
