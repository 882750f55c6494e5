package dev.lakeops.table.types;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * A named, typed column with Paimon's field id. Readers match a data file's columns to the current
 * schema by this id, never by name or position (schema evolution).
 *
 * @param defaultValue Paimon's column default as SQL text ({@code defaultValue} in schema JSON), or
 *     null
 */
public record DataField(
    int id,
    String name,
    DataType type,
    @Nullable String description,
    @Nullable String defaultValue) {

  public DataField {
    requireNonNull(name, "name");
    requireNonNull(type, "type");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("Invalid field name: empty (field id " + id + ")");
    }
  }

  public DataField(int id, String name, DataType type, @Nullable String description) {
    this(id, name, type, description, null);
  }

  public DataField(int id, String name, DataType type) {
    this(id, name, type, null, null);
  }

  /** The same field with another type (e.g. forced {@code NOT NULL} for a primary-key column). */
  public DataField withType(DataType newType) {
    return new DataField(id, name, newType, description, defaultValue);
  }
}
