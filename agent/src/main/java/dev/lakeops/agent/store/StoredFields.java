package dev.lakeops.agent.store;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The fields of one object in a stored JSON document, read one by one; every error names the
 * field's path in the document ({@code report.tools[2].findings[0].code is missing}). Fields it is
 * not asked for are ignored, so a document with fields a newer lakeops added still reads. An absent
 * or null map or list reads as empty, as the records make it.
 *
 * @throws IllegalArgumentException from every method, naming the path, when a field is missing or
 *     of the wrong kind
 */
public final class StoredFields {

  private final JsonNode node;
  private final String path;

  private StoredFields(JsonNode node, String path) {
    this.node = node;
    this.path = path;
  }

  /** The fields of {@code node}, which must be an object; {@code path} names it in errors. */
  public static StoredFields of(JsonNode node, String path) {
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException(path + " is not an object");
    }
    return new StoredFields(node, path);
  }

  public String text(String field) {
    String value = optionalText(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  public @Nullable String optionalText(String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isTextual()) {
      throw new IllegalArgumentException(at(field) + " is not text: " + clip(value.toString()));
    }
    return value.textValue();
  }

  public Instant instant(String field) {
    Instant value = optionalInstant(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  public @Nullable Instant optionalInstant(String field) {
    String text = optionalText(field);
    try {
      return text == null ? null : Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(at(field) + " is not an instant: '" + clip(text) + "'");
    }
  }

  /** The constant of {@code type} whose name the field holds. */
  public <E extends Enum<E>> E enumValue(String field, Class<E> type) {
    String name = text(field);
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equals(name)) {
        return constant;
      }
    }
    throw new IllegalArgumentException(
        at(field)
            + " is not a "
            + type.getSimpleName().toLowerCase(Locale.ROOT)
            + ": '"
            + clip(name)
            + "'");
  }

  public int intValue(String field) {
    JsonNode value = number(field);
    if (!value.canConvertToInt()) {
      throw new IllegalArgumentException(at(field) + " is not an int: " + value);
    }
    return value.intValue();
  }

  public long longValue(String field) {
    JsonNode value = number(field);
    if (!value.canConvertToLong()) {
      throw new IllegalArgumentException(at(field) + " is not a long: " + value);
    }
    return value.longValue();
  }

  public double doubleValue(String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw missing(field);
    }
    if (!value.isNumber()) {
      throw new IllegalArgumentException(at(field) + " is not a number: " + clip(value.toString()));
    }
    return value.doubleValue();
  }

  /** An object of text values, in the document's order. */
  public Map<String, String> stringMap(String field) {
    Map<String, String> out = new LinkedHashMap<>();
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      return out;
    }
    if (!value.isObject()) {
      throw new IllegalArgumentException(at(field) + " is not an object");
    }
    value
        .fields()
        .forEachRemaining(
            e -> {
              if (!e.getValue().isTextual()) {
                throw new IllegalArgumentException(
                    at(field)
                        + "."
                        + e.getKey()
                        + " is not text: "
                        + clip(e.getValue().toString()));
              }
              out.put(e.getKey(), e.getValue().textValue());
            });
    return out;
  }

  public List<String> strings(String field) {
    List<String> out = new ArrayList<>();
    List<JsonNode> items = items(field);
    for (int i = 0; i < items.size(); i++) {
      if (!items.get(i).isTextual()) {
        throw new IllegalArgumentException(
            at(field) + "[" + i + "] is not text: " + clip(items.get(i).toString()));
      }
      out.add(items.get(i).textValue());
    }
    return out;
  }

  /** A list of objects, each with its index in its path. */
  public List<StoredFields> objects(String field) {
    List<StoredFields> out = new ArrayList<>();
    List<JsonNode> items = items(field);
    for (int i = 0; i < items.size(); i++) {
      out.add(of(items.get(i), at(field) + "[" + i + "]"));
    }
    return out;
  }

  public StoredFields object(String field) {
    StoredFields value = optionalObject(field);
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  public @Nullable StoredFields optionalObject(String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : of(value, at(field));
  }

  /** This object's path in the document, e.g. {@code report.verdict}. */
  public String path() {
    return path;
  }

  private List<JsonNode> items(String field) {
    List<JsonNode> out = new ArrayList<>();
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      return out;
    }
    if (!value.isArray()) {
      throw new IllegalArgumentException(at(field) + " is not a list");
    }
    value.forEach(out::add);
    return out;
  }

  private JsonNode number(String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw missing(field);
    }
    if (!value.isIntegralNumber()) {
      throw new IllegalArgumentException(
          at(field) + " is not a whole number: " + clip(value.toString()));
    }
    return value;
  }

  private IllegalArgumentException missing(String field) {
    return new IllegalArgumentException(at(field) + " is missing");
  }

  private String at(String field) {
    return path.isEmpty() ? field : path + "." + field;
  }

  private static String clip(String text) {
    return text.length() <= 60 ? text : text.substring(0, 60) + "...";
  }
}
