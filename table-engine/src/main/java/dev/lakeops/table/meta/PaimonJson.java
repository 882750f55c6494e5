package dev.lakeops.table.meta;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The JSON dialect of Paimon's metadata files, shared by the {@code XxxJson} codecs: Jackson's
 * default pretty printer ({@code "key" : value}, two-space indent, {@code [ "a", "b" ]}) with
 * {@code \n} line ends, and tolerant field readers whose errors name the field and the value.
 *
 * <p>Readers accept unknown fields, treat a JSON {@code null} like a missing field, and accept
 * numbers written as strings (Paimon's Jackson does the same conversions).
 */
public final class PaimonJson {

  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(200).build())
          .build();
  private static final ObjectMapper MAPPER =
      new ObjectMapper(FACTORY).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private PaimonJson() {}

  /** Writes one JSON document with {@code body} on a generator configured like Paimon's. */
  @FunctionalInterface
  public interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  public static String write(Body body) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.setPrettyPrinter(
          new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException("Failed to write JSON", e);
    }
    return out.toString();
  }

  /**
   * Parses a JSON document.
   *
   * @throws IllegalArgumentException not JSON, or not an object; the message gives line and column
   */
  public static JsonNode parseObject(String json) {
    JsonNode node;
    try {
      node = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "Invalid JSON: "
              + e.getOriginalMessage()
              + (e.getLocation() == null
                  ? ""
                  : " at line "
                      + e.getLocation().getLineNr()
                      + ", column "
                      + e.getLocation().getColumnNr()),
          e);
    }
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException(
          "Invalid JSON: expected an object, was "
              + (node == null
                  ? "empty input"
                  : node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT)));
    }
    return node;
  }

  public static @Nullable JsonNode optional(JsonNode object, String field) {
    JsonNode node = object.get(field);
    return node == null || node.isNull() ? null : node;
  }

  public static JsonNode required(JsonNode object, String field, String where) {
    JsonNode node = optional(object, field);
    if (node == null) {
      throw new IllegalArgumentException("Missing field '" + field + "' in " + where);
    }
    return node;
  }

  public static long requiredLong(JsonNode object, String field, String where) {
    return asLong(required(object, field, where), field, where);
  }

  public static @Nullable Long optionalLong(JsonNode object, String field, String where) {
    JsonNode node = optional(object, field);
    return node == null ? null : asLong(node, field, where);
  }

  public static int requiredInt(JsonNode object, String field, String where) {
    long value = requiredLong(object, field, where);
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "Invalid field '" + field + "' in " + where + ": " + value + " is out of the int range");
    }
    return (int) value;
  }

  public static long asLong(JsonNode node, String field, String where) {
    if (node.isIntegralNumber() && node.canConvertToLong()) {
      return node.longValue();
    }
    if (node.isTextual()) {
      try {
        return Long.parseLong(node.textValue().trim());
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    throw new IllegalArgumentException(
        "Invalid field '"
            + field
            + "' in "
            + where
            + ": expected an integer, was "
            + abbreviate(node));
  }

  public static String requiredString(JsonNode object, String field, String where) {
    return asString(required(object, field, where), field, where);
  }

  public static @Nullable String optionalString(JsonNode object, String field, String where) {
    JsonNode node = optional(object, field);
    return node == null ? null : asString(node, field, where);
  }

  public static String asString(JsonNode node, String field, String where) {
    if (node.isTextual()) {
      return node.textValue();
    }
    if (node.isNumber() || node.isBoolean()) {
      return node.asText();
    }
    throw new IllegalArgumentException(
        "Invalid field '"
            + field
            + "' in "
            + where
            + ": expected a string, was "
            + abbreviate(node));
  }

  /** A JSON array of strings; empty when the field is missing. */
  public static List<String> stringList(JsonNode object, String field, String where) {
    JsonNode node = optional(object, field);
    if (node == null) {
      return List.of();
    }
    if (!node.isArray()) {
      throw new IllegalArgumentException(
          "Invalid field '"
              + field
              + "' in "
              + where
              + ": expected an array, was "
              + abbreviate(node));
    }
    List<String> values = new ArrayList<>(node.size());
    for (int i = 0; i < node.size(); i++) {
      values.add(asString(node.get(i), field + "[" + i + "]", where));
    }
    return values;
  }

  /** A JSON object of string values, in file order; null when the field is missing. */
  public static @Nullable Map<String, String> stringMap(
      JsonNode object, String field, String where) {
    JsonNode node = optional(object, field);
    if (node == null) {
      return null;
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException(
          "Invalid field '"
              + field
              + "' in "
              + where
              + ": expected an object, was "
              + abbreviate(node));
    }
    Map<String, String> values = new LinkedHashMap<>();
    var fields = node.fields();
    while (fields.hasNext()) {
      var e = fields.next();
      values.put(
          e.getKey(),
          e.getValue().isNull() ? "null" : asString(e.getValue(), field + "." + e.getKey(), where));
    }
    return values;
  }

  /** A short rendering of a JSON value for error messages. */
  public static String abbreviate(JsonNode node) {
    String text = node.toString();
    return text.length() <= 60 ? text : text.substring(0, 57) + "...";
  }
}
