package dev.lakeops.agent.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Keeps row values away from the model: in a tool's JSON output, a field that holds rows or values
 * ({@code rows}, {@code row}, {@code values}, {@code before}, {@code after}, {@code record}, ...)
 * is replaced by its keys and counts, and SQL text ({@code info}, {@code sql}, {@code query},
 * {@code statement}) keeps its shape with every literal replaced by {@code ?}. Output that is not
 * JSON is only SQL-redacted.
 */
final class ValueRedactor {

  static final Set<String> ROW_FIELDS =
      Set.of("rows", "row", "values", "before", "after", "record", "records", "payload");
  static final Set<String> SQL_FIELDS = Set.of("info", "sql", "query", "statement");

  /**
   * SQL somewhere in a field that carries statements (binlog info may start with the schema name).
   */
  private static final Pattern SQL_ANYWHERE =
      Pattern.compile("(?is).*\\b(insert|update|delete|replace|select|values|set|where)\\b.*");

  /** Plain-text tool output counts as SQL only when it starts as a statement. */
  private static final Pattern SQL_STATEMENT =
      Pattern.compile("(?is)\\s*(insert|update|delete|replace|select|with|create|alter)\\b.*");

  private static final Pattern QUOTED =
      Pattern.compile("'(?:[^'\\\\]|\\\\.|'')*'|\"(?:[^\"\\\\]|\\\\.)*\"");
  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\w.$-])-?\\d+(?:\\.\\d+)?(?![\\w.])");
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ValueRedactor() {}

  static String redact(String toolOutput) {
    String trimmed = toolOutput.strip();
    if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
      try {
        JsonNode node = MAPPER.readTree(trimmed);
        return MAPPER.writeValueAsString(redact(node, null));
      } catch (JsonProcessingException notJson) {
        // Not JSON after all: fall through to the text rules.
      }
    }
    return SQL_STATEMENT.matcher(toolOutput).matches() ? sql(toolOutput) : toolOutput;
  }

  /** {@code node} with row values replaced; {@code field} is the name it was found under. */
  static JsonNode redact(JsonNode node, String field) {
    String name = field == null ? "" : field.toLowerCase(Locale.ROOT);
    if (ROW_FIELDS.contains(name) && !node.isNull()) {
      return summary(node);
    }
    if (node.isTextual() && SQL_FIELDS.contains(name) && looksLikeSql(node.asText())) {
      return TextNode.valueOf(sql(node.asText()));
    }
    if (node.isObject()) {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> e = fields.next();
        out.set(e.getKey(), redact(e.getValue(), e.getKey()));
      }
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      node.forEach(element -> out.add(redact(element, field)));
      return out;
    }
    return node;
  }

  /** Keys and counts of a value, never the value itself. */
  private static JsonNode summary(JsonNode node) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    out.put("redacted", "values hidden (lakeops.llm.redact-values=true)");
    if (node.isArray()) {
      out.put("count", node.size());
      Set<String> keys = new LinkedHashSet<>();
      node.forEach(element -> element.fieldNames().forEachRemaining(keys::add));
      if (!keys.isEmpty()) {
        keys.forEach(out.putArray("keys")::add);
      }
    } else if (node.isObject()) {
      node.fieldNames().forEachRemaining(out.putArray("keys")::add);
    } else {
      out.put("kind", node.getNodeType().name().toLowerCase(Locale.ROOT));
    }
    return out;
  }

  static boolean looksLikeSql(String text) {
    return SQL_ANYWHERE.matcher(text).matches();
  }

  /** SQL with every quoted string and number replaced by {@code ?}. */
  static String sql(String text) {
    String out = QUOTED.matcher(text).replaceAll("?");
    return NUMBER.matcher(out).replaceAll("?");
  }
}
