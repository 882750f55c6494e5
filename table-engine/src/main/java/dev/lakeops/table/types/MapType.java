package dev.lakeops.table.types;

import static java.util.Objects.requireNonNull;

/** {@code MAP<key, value>}; in schema JSON {@code {"type":"MAP","key":...,"value":...}}. */
public record MapType(boolean nullable, DataType key, DataType value) implements DataType {

  public MapType {
    requireNonNull(key, "key");
    requireNonNull(value, "value");
  }

  @Override
  public MapType withNullable(boolean nullable) {
    return new MapType(nullable, key, value);
  }

  @Override
  public String asSql() {
    return "MAP<" + key.asSql() + ", " + value.asSql() + ">" + DataType.nullSuffix(nullable);
  }
}
