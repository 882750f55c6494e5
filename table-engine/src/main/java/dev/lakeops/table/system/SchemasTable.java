package dev.lakeops.table.system;

import static dev.lakeops.table.system.Columns.BIGINT;
import static dev.lakeops.table.system.Columns.STRING;
import static dev.lakeops.table.system.Columns.TIMESTAMP;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakeops.table.data.Row;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.RowType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code $schemas}: one row per schema version (source: Paimon {@code SchemasTable}). The {@code
 * fields}, {@code partition_keys}, {@code primary_keys} and {@code options} columns hold compact
 * JSON, taken from the schema file's own JSON so that they read exactly as Paimon's.
 */
final class SchemasTable implements SystemTable {

  static final RowType ROW_TYPE =
      Columns.columns()
          .notNull("schema_id", BIGINT)
          .notNull("fields", STRING)
          .notNull("partition_keys", STRING)
          .notNull("primary_keys", STRING)
          .notNull("options", STRING)
          .nullable("comment", STRING)
          .notNull("update_time", TIMESTAMP)
          .build();

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Override
  public String name() {
    return "schemas";
  }

  @Override
  public RowType rowType() {
    return ROW_TYPE;
  }

  @Override
  public List<Row> rows(SystemTableInput input) {
    return input.table().schemas().stream().map(s -> row(s, input)).toList();
  }

  private static Row row(TableSchema schema, SystemTableInput input) {
    JsonNode json;
    try {
      json = MAPPER.readTree(SchemaJson.toJson(schema));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Schema " + schema.id() + " does not serialize to JSON", e);
    }
    // Paimon reads a schema's options into a java.util.HashMap, in file order, and prints that map:
    // its iteration order, not the file's, is the column's key order
    Map<String, String> options = new HashMap<>();
    json.get("options").properties().forEach(e -> options.put(e.getKey(), e.getValue().asText()));
    return Row.of(
        schema.id(),
        compact(json.get("fields")),
        compact(json.get("partitionKeys")),
        compact(json.get("primaryKeys")),
        compact(MAPPER.valueToTree(options)),
        schema.comment(),
        Times.local(schema.timeMillis(), input.zone()));
  }

  private static String compact(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("JSON node does not serialize", e);
    }
  }
}
