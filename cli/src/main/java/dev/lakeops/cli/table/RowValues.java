package dev.lakeops.cli.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.types.ArrayType;
import dev.lakeops.table.types.DataType;
import dev.lakeops.table.types.MapType;
import dev.lakeops.table.types.RowType;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Table values for people and for machines. JSON: numbers as numbers (DECIMAL exact), non-finite
 * floats and times as strings (ISO-8601), binaries as base64, ARRAY as arrays, MAP and ROW as
 * objects, null as null. Text: {@code toString} of the value, binaries as base64, null as {@code
 * null}.
 */
final class RowValues {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private RowValues() {}

  /** One row as an object, keyed by column name in column order. */
  static ObjectNode json(RowType type, Row row) {
    ObjectNode node = NODES.objectNode();
    for (int i = 0; i < type.arity(); i++) {
      node.set(type.fields().get(i).name(), json(type.typeAt(i), row.get(i)));
    }
    return node;
  }

  static JsonNode json(DataType type, Object value) {
    if (value == null) {
      return NODES.nullNode();
    }
    if (type instanceof RowType rowType) {
      return json(rowType, (Row) value);
    }
    if (type instanceof ArrayType array) {
      ArrayNode node = NODES.arrayNode();
      ((List<?>) value).forEach(v -> node.add(json(array.element(), v)));
      return node;
    }
    if (type instanceof MapType map) {
      ObjectNode node = NODES.objectNode();
      ((Map<?, ?>) value).forEach((k, v) -> node.set(String.valueOf(k), json(map.value(), v)));
      return node;
    }
    if (value instanceof Integer i) {
      return NODES.numberNode(i);
    }
    if (value instanceof Long l) {
      return NODES.numberNode(l);
    }
    if (value instanceof Short s) {
      return NODES.numberNode(s);
    }
    if (value instanceof Byte b) {
      return NODES.numberNode(b);
    }
    if (value instanceof BigDecimal d) {
      return NODES.numberNode(d);
    }
    if (value instanceof Double d) {
      return Double.isFinite(d) ? NODES.numberNode(d) : NODES.textNode(d.toString());
    }
    if (value instanceof Float f) {
      return Float.isFinite(f) ? NODES.numberNode(f) : NODES.textNode(f.toString());
    }
    if (value instanceof Boolean b) {
      return NODES.booleanNode(b);
    }
    if (value instanceof byte[] bytes) {
      return NODES.textNode(Base64.getEncoder().encodeToString(bytes));
    }
    return NODES.textNode(value.toString());
  }

  static String text(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    if (value instanceof List<?> list) {
      return list.stream().map(RowValues::text).collect(Collectors.joining(", ", "[", "]"));
    }
    if (value instanceof Map<?, ?> map) {
      return map.entrySet().stream()
          .map(e -> text(e.getKey()) + "=" + text(e.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
    }
    if (value instanceof Row row) {
      return text(Arrays.asList(row.values()));
    }
    return value.toString();
  }
}
