package dev.lakeops.agent.im;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.agent.InvalidInputException;
import dev.lakeops.tools.Json;
import java.io.IOException;

/** Reading the JSON of IM requests with errors that name the field and what is wrong. */
public final class RequestJson {

  private RequestJson() {}

  /**
   * Parses {@code body} as a JSON object.
   *
   * @throws InvalidInputException not JSON, or not an object; {@code field} names the input
   */
  public static JsonNode object(byte[] body, String field) {
    JsonNode node;
    try {
      node = Json.mapper().readTree(body);
    } catch (JsonProcessingException e) {
      String where =
          e.getLocation() == null
              ? ""
              : " at line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr();
      throw new InvalidInputException(
          field, "is not valid JSON (" + e.getOriginalMessage() + where + ")");
    } catch (IOException e) {
      throw new InvalidInputException(field, "cannot be read (" + e.getMessage() + ")");
    }
    if (node == null || !node.isObject()) {
      throw new InvalidInputException(
          field,
          "must be a JSON object, got "
              + (node == null || node.isMissingNode()
                  ? "nothing"
                  : node.getNodeType().name().toLowerCase()));
    }
    return node;
  }

  /** The text at {@code name} of {@code node}, required. */
  public static String text(JsonNode node, String path, String name) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull() || value.isMissingNode()) {
      throw new InvalidInputException(path + name, "is missing");
    }
    if (!value.isTextual()) {
      throw new InvalidInputException(
          path + name, "must be a string, got " + value.getNodeType().name().toLowerCase());
    }
    return value.asText();
  }

  /** The text at {@code name}, or null when absent or null; a non-string value is an error. */
  public static String optionalText(JsonNode node, String path, String name) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull() || value.isMissingNode()) {
      return null;
    }
    if (!value.isTextual()) {
      throw new InvalidInputException(
          path + name, "must be a string, got " + value.getNodeType().name().toLowerCase());
    }
    return value.asText();
  }

  /** The object at {@code name}, required. */
  public static JsonNode object(JsonNode node, String path, String name) {
    JsonNode value = node.get(name);
    if (value == null || value.isNull()) {
      throw new InvalidInputException(path + name, "is missing");
    }
    if (!value.isObject()) {
      throw new InvalidInputException(
          path + name, "must be an object, got " + value.getNodeType().name().toLowerCase());
    }
    return value;
  }
}
