package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import dev.lakeops.runbooks.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns the model's final answer into a {@link Verdict}, or says exactly why it cannot: not JSON,
 * a missing or unknown field value, an evidence code that no finding has.
 */
final class LlmVerdictParser {

  static final int MAX_SUMMARY = 500;
  static final int MAX_ITEMS = 20;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private LlmVerdictParser() {}

  /** The outcome: a verdict, or the reason there is none. */
  record Parsed(Verdict verdict, String error) {
    static Parsed ok(Verdict v) {
      return new Parsed(v, null);
    }

    static Parsed invalid(String why) {
      return new Parsed(null, why);
    }

    boolean valid() {
      return verdict != null;
    }
  }

  /**
   * @param knownCodes finding codes that exist: the deterministic triage's and the run's tool results'
   */
  static Parsed parse(String answer, Set<String> knownCodes) {
    if (answer == null || answer.isBlank()) {
      return Parsed.invalid("the model gave no final answer");
    }
    String json = stripFence(answer.strip());
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (java.io.IOException e) {
      return Parsed.invalid("the final answer is not JSON (" + clip(answer, 80) + ")");
    }
    if (root == null || !root.isObject()) {
      return Parsed.invalid("the final answer is not a JSON object");
    }
    String categoryName = root.path("category").asText("").strip().toUpperCase(Locale.ROOT);
    Category category = Arrays.stream(Category.values()).filter(c -> c.name().equals(categoryName)).findFirst().orElse(null);
    if (category == null) {
      return Parsed.invalid("unknown category '" + clip(root.path("category").asText(""), 40) + "'");
    }
    String confidenceName = root.path("confidence").asText("").strip().toUpperCase(Locale.ROOT);
    Confidence confidence = Arrays.stream(Confidence.values()).filter(c -> c.name().equals(confidenceName)).findFirst().orElse(null);
    if (confidence == null) {
      return Parsed.invalid("unknown confidence '" + clip(root.path("confidence").asText(""), 40) + "'");
    }
    String summary = root.path("summary").asText(root.path("headline").asText("")).strip();
    if (summary.isEmpty()) {
      return Parsed.invalid("the summary is missing");
    }
    if (summary.length() > MAX_SUMMARY) {
      return Parsed.invalid("the summary is longer than " + MAX_SUMMARY + " characters");
    }
    Map<String, String> entities = new LinkedHashMap<>();
    JsonNode entityNode = root.path("entities");
    if (!entityNode.isMissingNode() && !entityNode.isNull() && !entityNode.isObject()) {
      return Parsed.invalid("entities is not an object");
    }
    entityNode.fields().forEachRemaining(e -> entities.put(e.getKey(), e.getValue().asText()));
    List<String> evidence = strings(root.path("evidence"));
    if (evidence == null) {
      return Parsed.invalid("evidence is not a list of finding codes");
    }
    for (String code : evidence) {
      if (!knownCodes.contains(code)) {
        return Parsed.invalid("evidence '" + clip(code, 60) + "' is not a finding of this incident");
      }
    }
    List<String> nextActions = strings(root.path("nextActions"));
    if (nextActions == null) {
      return Parsed.invalid("nextActions is not a list of strings");
    }
    if (entities.size() > MAX_ITEMS || evidence.size() > MAX_ITEMS || nextActions.size() > MAX_ITEMS) {
      return Parsed.invalid("more than " + MAX_ITEMS + " entities, evidence codes or next actions");
    }
    return Parsed.ok(new Verdict(category, summary, entities, evidence, confidence, nextActions));
  }

  private static List<String> strings(JsonNode node) {
    List<String> out = new ArrayList<>();
    if (node.isMissingNode() || node.isNull()) {
      return out;
    }
    if (!node.isArray()) {
      return null;
    }
    for (JsonNode item : node) {
      if (!item.isValueNode()) {
        return null;
      }
      out.add(item.asText().strip());
    }
    return out;
  }

  /** Models often wrap JSON in a Markdown code fence despite being told not to. */
  private static String stripFence(String text) {
    if (text.startsWith("```")) {
      int firstNewline = text.indexOf('\n');
      int lastFence = text.lastIndexOf("```");
      if (firstNewline > 0 && lastFence > firstNewline) {
        return text.substring(firstNewline + 1, lastFence).strip();
      }
    }
    return text;
  }

  private static String clip(String text, int max) {
    String line = text.replaceAll("\\s+", " ").strip();
    return line.length() <= max ? line : line.substring(0, max) + "...";
  }
}
