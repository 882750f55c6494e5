package dev.lakeops.table.types;

import static java.util.Objects.requireNonNull;

/** {@code ARRAY<element>}; in schema JSON {@code {"type":"ARRAY","element":...}}. */
public record ArrayType(boolean nullable, DataType element) implements DataType {

  public ArrayType {
    requireNonNull(element, "element");
  }

  @Override
  public ArrayType withNullable(boolean nullable) {
    return new ArrayType(nullable, element);
  }

  @Override
  public String asSql() {
    return "ARRAY<" + element.asSql() + ">" + DataType.nullSuffix(nullable);
  }
}
