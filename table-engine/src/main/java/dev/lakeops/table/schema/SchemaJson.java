package dev.lakeops.table.schema;

import static dev.lakeops.table.meta.PaimonJson.optional;
import static dev.lakeops.table.meta.PaimonJson.optionalString;
import static dev.lakeops.table.meta.PaimonJson.required;
import static dev.lakeops.table.meta.PaimonJson.requiredInt;
import static dev.lakeops.table.meta.PaimonJson.requiredLong;
import static dev.lakeops.table.meta.PaimonJson.requiredString;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.meta.PaimonJson;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.AtomicType;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Schema JSON ({@code schema/schema-<id>}) exactly as Paimon writes it (source: {@code
 * SchemaSerializer}, {@code DataField.serializeJson}, {@code DataTypeJsonParser}): fields in the
 * order version, id, fields, highestFieldId, partitionKeys, primaryKeys, options, [comment],
 * timeMillis; atomic types as SQL strings, nested types as objects ({@code {"type" : "ARRAY",
 * "element" : ...}}, {@code MAP} with key/value, {@code ROW} with fields).
 *
 * <p>Reading ignores unknown fields and applies Paimon's upgrades of old versions: version 1
 * without {@code bucket} means {@code bucket=1}; versions ≤ 2 without {@code file.format} mean ORC.
 */
public final class SchemaJson {

  private static final String WHERE = "schema";

  private SchemaJson() {}

  public static String toJson(TableSchema schema) {
    return PaimonJson.write(
        g -> {
          g.writeStartObject();
          g.writeNumberField("version", schema.version());
          g.writeNumberField("id", schema.id());
          g.writeArrayFieldStart("fields");
          for (DataField field : schema.fields()) {
            writeField(g, field);
          }
          g.writeEndArray();
          g.writeNumberField("highestFieldId", schema.highestFieldId());
          writeStrings(g, "partitionKeys", schema.partitionKeys());
          writeStrings(g, "primaryKeys", schema.primaryKeys());
          g.writeObjectFieldStart("options");
          for (Map.Entry<String, String> e : schema.options().entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
          }
          g.writeEndObject();
          if (schema.comment() != null) {
            g.writeStringField("comment", schema.comment());
          }
          g.writeNumberField("timeMillis", schema.timeMillis());
          g.writeEndObject();
        });
  }

  /** The JSON form of one type: a string for atomic types, an object for nested ones. */
  public static String typeToJson(DataType type) {
    return PaimonJson.write(g -> writeType(g, type));
  }

  private static void writeStrings(JsonGenerator g, String name, List<String> values)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  private static void writeField(JsonGenerator g, DataField field) throws IOException {
    g.writeStartObject();
    g.writeNumberField("id", field.id());
    g.writeStringField("name", field.name());
    g.writeFieldName("type");
    writeType(g, field.type());
    if (field.description() != null) {
      g.writeStringField("description", field.description());
    }
    if (field.defaultValue() != null) {
      g.writeStringField("defaultValue", field.defaultValue());
    }
    g.writeEndObject();
  }

  private static void writeType(JsonGenerator g, DataType type) throws IOException {
    String notNull = DataType.nullSuffix(type.nullable());
    if (type instanceof AtomicType atomic) {
      g.writeString(atomic.asSql());
    } else if (type instanceof ArrayType array) {
      g.writeStartObject();
      g.writeStringField("type", "ARRAY" + notNull);
      g.writeFieldName("element");
      writeType(g, array.element());
      g.writeEndObject();
    } else if (type instanceof MapType map) {
      g.writeStartObject();
      g.writeStringField("type", "MAP" + notNull);
      g.writeFieldName("key");
      writeType(g, map.key());
      g.writeFieldName("value");
      writeType(g, map.value());
      g.writeEndObject();
    } else if (type instanceof RowType row) {
      g.writeStartObject();
      g.writeStringField("type", "ROW" + notNull);
      g.writeArrayFieldStart("fields");
      for (DataField f : row.fields()) {
        writeField(g, f);
      }
      g.writeEndArray();
      g.writeEndObject();
    } else {
      throw new IllegalArgumentException("Unknown type: " + type);
    }
  }

  /**
   * Reads a schema file.
   *
   * @throws CorruptSchemaException the content is not valid schema JSON; names the file
   * @throws java.io.UncheckedIOException the file cannot be read (a missing file included)
   */
  public static TableSchema load(FileIO io, Path file) {
    return fromJson(new String(io.readBytes(file), StandardCharsets.UTF_8), file);
  }

  /**
   * @throws CorruptSchemaException not valid schema JSON; the message names the field and value
   */
  public static TableSchema fromJson(String json) {
    return fromJson(json, null);
  }

  private static TableSchema fromJson(String json, @Nullable Path file) {
    try {
      return parse(PaimonJson.parseObject(json));
    } catch (IllegalArgumentException e) {
      throw new CorruptSchemaException("Invalid schema JSON: " + e.getMessage(), file, e);
    }
  }

  private static TableSchema parse(JsonNode node) {
    JsonNode versionNode = optional(node, "version");
    int version = versionNode == null ? 1 : requiredInt(node, "version", WHERE);
    long id = requiredLong(node, "id", WHERE);
    JsonNode fieldsNode = required(node, "fields", WHERE);
    List<DataField> fields = parseFields(fieldsNode, "fields");
    int highestFieldId = requiredInt(node, "highestFieldId", WHERE);
    List<String> partitionKeys = PaimonJson.stringList(node, "partitionKeys", WHERE);
    List<String> primaryKeys = PaimonJson.stringList(node, "primaryKeys", WHERE);
    Map<String, String> parsedOptions = PaimonJson.stringMap(node, "options", WHERE);
    Map<String, String> options =
        parsedOptions == null ? new LinkedHashMap<>() : new LinkedHashMap<>(parsedOptions);
    if (version <= 1 && !options.containsKey(TableOptions.BUCKET)) {
      options.put(TableOptions.BUCKET, "1");
    }
    if (version <= 2 && !options.containsKey(TableOptions.FILE_FORMAT)) {
      options.put(TableOptions.FILE_FORMAT, "orc");
    }
    String comment = optionalString(node, "comment", WHERE);
    JsonNode timeNode = optional(node, "timeMillis");
    long timeMillis = timeNode == null ? 0 : requiredLong(node, "timeMillis", WHERE);
    return new TableSchema(
        version,
        id,
        fields,
        highestFieldId,
        partitionKeys,
        primaryKeys,
        options,
        comment,
        timeMillis);
  }

  private static List<DataField> parseFields(JsonNode array, String where) {
    if (!array.isArray()) {
      throw new IllegalArgumentException(
          "Invalid '" + where + "': expected an array, was " + PaimonJson.abbreviate(array));
    }
    List<DataField> fields = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      fields.add(parseField(array.get(i), where + "[" + i + "]"));
    }
    return fields;
  }

  private static DataField parseField(JsonNode node, String where) {
    if (!node.isObject()) {
      throw new IllegalArgumentException(
          "Invalid '" + where + "': expected an object, was " + PaimonJson.abbreviate(node));
    }
    int id = requiredInt(node, "id", where);
    String name = requiredString(node, "name", where);
    DataType type = parseType(required(node, "type", where), where + ".type");
    String description = optionalString(node, "description", where);
    String defaultValue = optionalString(node, "defaultValue", where);
    return new DataField(id, name, type, description, defaultValue);
  }

  /**
   * Parses the JSON form of one type (a string or a nested-type object).
   *
   * @param where where the type sits, for error messages ({@code fields[2].type})
   * @throws IllegalArgumentException not a valid type; the message starts with {@code where}
   */
  public static DataType parseType(JsonNode node, String where) {
    if (node.isTextual()) {
      try {
        return DataTypeParser.parse(node.textValue());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("Invalid '" + where + "': " + e.getMessage(), e);
      }
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException(
          "Invalid '"
              + where
              + "': expected a type string or object, was "
              + PaimonJson.abbreviate(node));
    }
    String kind = requiredString(node, "type", where).trim();
    boolean nullable = true;
    if (kind.endsWith(" NOT NULL")) {
      nullable = false;
      kind = kind.substring(0, kind.length() - " NOT NULL".length()).trim();
    }
    return switch (kind) {
      case "ARRAY" ->
          new ArrayType(nullable, parseType(required(node, "element", where), where + ".element"));
      case "MAP" ->
          new MapType(
              nullable,
              parseType(required(node, "key", where), where + ".key"),
              parseType(required(node, "value", where), where + ".value"));
      case "ROW" -> {
        List<DataField> fields = parseFields(required(node, "fields", where), where + ".fields");
        try {
          yield new RowType(nullable, fields);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("Invalid '" + where + "': " + e.getMessage(), e);
        }
      }
      default ->
          throw new IllegalArgumentException(
              "Invalid '" + where + "': unsupported nested type '" + kind + "'");
    };
  }
}
