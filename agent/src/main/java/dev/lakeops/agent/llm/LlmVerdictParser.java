package dev.lakeops.agent.llm;

import static dev.lakeops.agent.llm.VerdictGuard.clip;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.runbooks.Category;
import dev.lakeops.runbooks.Confidence;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The fallback for providers without structured output: reads an {@link LlmVerdict} out of the
 * model's final text (a JSON object, perhaps in a Markdown fence; names of categories and
 * confidences in any case; {@code entities} as an object of names to values), then checks it with
 * {@link VerdictGuard}. Says exactly why when it cannot: not JSON, a field of the wrong type, an
 * unknown category or confidence.
 */
final class LlmVerdictParser {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private LlmVerdictParser() {}

  /**
   * @param knownCodes finding codes that exist: the deterministic triage's and the run's tool
   *     results'
   */
  static VerdictGuard.Outcome parse(String answer, Set<String> knownCodes) {
    if (answer == null || answer.isBlank()) {
      return VerdictGuard.Outcome.invalid("the model gave no final answer");
    }
    JsonNode root;
    try {
      root = MAPPER.readTree(stripFence(answer.strip()));
    } catch (IOException e) {
      return VerdictGuard.Outcome.invalid(
          "the final answer is not JSON (" + clip(answer, 80) + ")");
    }
    if (root == null || !root.isObject()) {
      return VerdictGuard.Outcome.invalid("the final answer is not a JSON object");
    }
    Category category = named(Category.values(), root.path("category"));
    if (category == null) {
      return VerdictGuard.Outcome.invalid(
          "unknown category '" + clip(root.path("category").asText(""), 40) + "'");
    }
    Confidence confidence = named(Confidence.values(), root.path("confidence"));
    if (confidence == null) {
      return VerdictGuard.Outcome.invalid(
          "unknown confidence '" + clip(root.path("confidence").asText(""), 40) + "'");
    }
    JsonNode entityNode = root.path("entities");
    if (!entityNode.isMissingNode() && !entityNode.isNull() && !entityNode.isObject()) {
      return VerdictGuard.Outcome.invalid("entities is not an object");
    }
    List<LlmVerdict.Entity> entities = new ArrayList<>();
    entityNode
        .fields()
        .forEachRemaining(
            e -> entities.add(new LlmVerdict.Entity(e.getKey(), e.getValue().asText())));
    List<String> evidence = strings(root.path("evidence"));
    if (evidence == null) {
      return VerdictGuard.Outcome.invalid("evidence is not a list of finding codes");
    }
    List<String> nextActions = strings(root.path("nextActions"));
    if (nextActions == null) {
      return VerdictGuard.Outcome.invalid("nextActions is not a list of strings");
    }
    String summary = root.path("summary").asText(root.path("headline").asText(""));
    return VerdictGuard.check(
        new LlmVerdict(category, summary, entities, evidence, confidence, nextActions), knownCodes);
  }

  private static <E extends Enum<E>> E named(E[] values, JsonNode node) {
    String name = node.asText("").strip().toUpperCase(Locale.ROOT);
    return Arrays.stream(values).filter(v -> v.name().equals(name)).findFirst().orElse(null);
  }

  /** The items of a list of values as text; empty when absent; null when it is not such a list. */
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
      out.add(item.asText());
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
}
