package dev.lakeops.table.catalog;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.types.DataField;
import dev.lakeops.table.types.DataType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a new table looks like: columns (field ids assigned from 0 in order, as Paimon does),
 * partition keys, primary key, options and comment. Build with {@link #builder()}.
 */
public record TableDefinition(
    List<DataField> fields,
    List<String> partitionKeys,
    List<String> primaryKeys,
    Map<String, String> options,
    @Nullable String comment) {

  public TableDefinition {
    fields = List.copyOf(fields);
    partitionKeys = List.copyOf(partitionKeys);
    primaryKeys = List.copyOf(primaryKeys);
    options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    if (fields.isEmpty()) {
      throw new IllegalArgumentException("Invalid table definition: no columns");
    }
  }

  /**
   * Schema 0 of the table, with Paimon's rules applied: primary-key columns become NOT NULL, the
   * highest field id is the largest assigned.
   *
   * @throws IllegalArgumentException a key names no column, the primary key is only partition keys,
   *     the bucket key is not part of the primary key, or an option value is invalid
   */
  public TableSchema toSchema(long timeMillis) {
    TableSchema schema =
        TableSchema.newTable(fields, partitionKeys, primaryKeys, options, comment, timeMillis);
    schema.tableOptions().bucket(); // validates the bucket option
    return schema;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link TableDefinition}. */
  public static final class Builder {
    private final List<DataField> fields = new ArrayList<>();
    private List<String> partitionKeys = List.of();
    private List<String> primaryKeys = List.of();
    private final Map<String, String> options = new LinkedHashMap<>();
    private @Nullable String comment;

    private Builder() {}

    public Builder column(String name, DataType type) {
      return column(name, type, null);
    }

    public Builder column(String name, DataType type, @Nullable String description) {
      fields.add(
          new DataField(
              fields.size(),
              requireNonNull(name, "name"),
              requireNonNull(type, "type"),
              description));
      return this;
    }

    public Builder partitionKeys(String... keys) {
      partitionKeys = List.of(keys);
      return this;
    }

    public Builder primaryKey(String... keys) {
      primaryKeys = List.of(keys);
      return this;
    }

    public Builder option(String key, String value) {
      options.put(requireNonNull(key, "key"), requireNonNull(value, "value"));
      return this;
    }

    public Builder options(Map<String, String> values) {
      options.putAll(values);
      return this;
    }

    public Builder comment(@Nullable String value) {
      comment = value;
      return this;
    }

    public TableDefinition build() {
      return new TableDefinition(fields, partitionKeys, primaryKeys, options, comment);
    }
  }
}
