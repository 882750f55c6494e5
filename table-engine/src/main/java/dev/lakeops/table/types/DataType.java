package dev.lakeops.table.types;

/**
 * A column type of Paimon's type system. Each type knows whether it admits null and its SQL form,
 * which is also how atomic types appear in {@code schema/schema-N} JSON ({@code "INT NOT NULL"}).
 *
 * <p>Java values of each type, as the engine hands them around in a {@link
 * dev.lakeops.table.data.Row}: BOOLEAN {@code Boolean}; TINYINT {@code Byte}; SMALLINT {@code
 * Short}; INT {@code Integer}; BIGINT {@code Long}; FLOAT {@code Float}; DOUBLE {@code Double};
 * DECIMAL {@code BigDecimal}; CHAR/VARCHAR/STRING {@code String}; BINARY/VARBINARY/BYTES {@code
 * byte[]}; DATE {@code LocalDate}; TIME {@code LocalTime}; TIMESTAMP {@code LocalDateTime};
 * TIMESTAMP WITH LOCAL TIME ZONE {@code Instant}; ARRAY {@code List}; MAP {@code Map}; ROW {@code
 * Row}. Null is null.
 */
public sealed interface DataType permits AtomicType, ArrayType, MapType, RowType {

  /** Whether the type admits null. */
  boolean nullable();

  /** The same type with the given nullability. */
  DataType withNullable(boolean nullable);

  /** The SQL form, e.g. {@code DECIMAL(10, 2) NOT NULL}. */
  String asSql();

  /** {@code " NOT NULL"} when not nullable, else empty: Paimon appends it to every type string. */
  static String nullSuffix(boolean nullable) {
    return nullable ? "" : " NOT NULL";
  }
}
