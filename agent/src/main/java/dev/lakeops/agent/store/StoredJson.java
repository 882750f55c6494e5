package dev.lakeops.agent.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The JSON documents lakeops stores in its database (incidents, LLM reviews), written and read
 * field by field: their layout is spelled out in their codecs ({@code IncidentJson}, {@link
 * ReportJson}, {@link VerdictJson}, {@code LlmAssessmentJson}), never derived by reflection from
 * records of other modules, so a renamed field there is a compile error or a failing golden test
 * here ({@code src/test/resources/stored/}).
 *
 * <p>Each document starts with {@code formatVersion}. Version 1 is the layout Jackson derived from
 * the records before the codecs existed, without the field; version 2 is the same layout with it.
 */
public final class StoredJson {

  /** The layout the codecs write. */
  public static final int FORMAT_VERSION = 2;

  /** Trees only: nothing here maps an object by reflection. */
  private static final ObjectMapper TREES = new ObjectMapper();

  private StoredJson() {}

  /** A new document of the current layout: {@code formatVersion} first. */
  public static ObjectNode document() {
    ObjectNode doc = JsonNodeFactory.instance.objectNode();
    doc.put("formatVersion", FORMAT_VERSION);
    return doc;
  }

  /**
   * The fields of a stored document, after checking that its layout is one this lakeops reads.
   *
   * @throws IllegalArgumentException the text is not a JSON object, or its format version is
   *     unknown
   */
  public static StoredFields read(String json) {
    JsonNode root;
    try {
      root = TREES.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON (" + e.getOriginalMessage() + ")");
    }
    StoredFields doc = StoredFields.of(root, "");
    int version = root.has("formatVersion") ? doc.intValue("formatVersion") : 1;
    if (version < 1 || version > FORMAT_VERSION) {
      throw new IllegalArgumentException(
          "formatVersion "
              + version
              + " is not one this lakeops reads (1 to "
              + FORMAT_VERSION
              + "; a newer lakeops wrote it?)");
    }
    return doc;
  }

  public static String write(ObjectNode doc) {
    try {
      return TREES.writeValueAsString(doc);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "A JSON tree cannot be written: " + e.getOriginalMessage(), e);
    }
  }

  /** {@code map} as an object, in its iteration order. */
  public static ObjectNode map(Map<String, String> map) {
    ObjectNode out = JsonNodeFactory.instance.objectNode();
    map.forEach(out::put);
    return out;
  }

  public static ArrayNode strings(List<String> list) {
    ArrayNode out = JsonNodeFactory.instance.arrayNode();
    list.forEach(out::add);
    return out;
  }

  /** Puts {@code value} as an ISO-8601 instant, unless it is null (then the field is left out). */
  public static void putInstant(ObjectNode node, String field, @Nullable Instant value) {
    if (value != null) {
      node.put(field, value.toString());
    }
  }

  /** Puts {@code value}, unless it is null (then the field is left out, as version 1 did). */
  public static void putText(ObjectNode node, String field, @Nullable String value) {
    if (value != null) {
      node.put(field, value);
    }
  }
}
