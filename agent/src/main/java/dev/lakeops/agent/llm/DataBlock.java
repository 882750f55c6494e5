package dev.lakeops.agent.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Untrusted text as the model receives it: JSON between fixed markers. Angle brackets inside the
 * JSON are escaped ({@code \u003c}), so no value can close the block or fake a marker.
 */
final class DataBlock {

  static final String OPEN = "<<<LAKEOPS_DATA";
  static final String CLOSE = "LAKEOPS_DATA>>>";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private DataBlock() {}

  static String wrap(JsonNode data) {
    String json;
    try {
      json = MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(data);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "Data block cannot be written as JSON: " + e.getOriginalMessage(), e);
    }
    // Outside strings JSON has no '<' or '>', so escaping them keeps the JSON valid and the block
    // closed.
    json = json.replace("<", "\\u003c").replace(">", "\\u003e");
    return OPEN + "\n" + json + "\n" + CLOSE;
  }
}
