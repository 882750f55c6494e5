package dev.lakeops.table.types;

import static java.util.Objects.requireNonNull;

/**
 * A non-nested type: a {@link TypeRoot} with its length or precision and scale where the family has
 * them (zero otherwise).
 *
 * @param root the type family
 * @param nullable whether null is admitted
 * @param precision DECIMAL precision, CHAR/VARCHAR/BINARY/VARBINARY length, TIME/TIMESTAMP
 *     precision; else 0
 * @param scale DECIMAL scale; else 0
 */
public record AtomicType(TypeRoot root, boolean nullable, int precision, int scale)
    implements DataType {

  public static final int MAX_LENGTH = Integer.MAX_VALUE;

  public AtomicType {
    requireNonNull(root, "root");
    switch (root) {
      case DECIMAL -> {
        check(
            precision >= 1 && precision <= 38,
            "Invalid DECIMAL precision: %s (must be 1..38)",
            precision);
        check(
            scale >= 0 && scale <= precision,
            "Invalid DECIMAL scale: %s (must be 0..%s)",
            scale,
            precision);
      }
      case CHAR, VARCHAR, BINARY, VARBINARY ->
          check(precision >= 1, "Invalid %s length: %s (must be at least 1)", root, precision);
      case TIME, TIMESTAMP, TIMESTAMP_LTZ ->
          check(
              precision >= 0 && precision <= 9,
              "Invalid %s precision: %s (must be 0..9)",
              root,
              precision);
      default -> check(precision == 0 && scale == 0, "%s takes no precision", root);
    }
    if (root != TypeRoot.DECIMAL) {
      check(scale == 0, "%s takes no scale", root);
    }
  }

  private static void check(boolean ok, String template, Object... args) {
    if (!ok) {
      throw new IllegalArgumentException(String.format(template, args));
    }
  }

  /** A type without parameters (BOOLEAN, INT, DATE, ...), nullable. */
  public static AtomicType of(TypeRoot root) {
    return new AtomicType(root, true, 0, 0);
  }

  public static AtomicType string() {
    return new AtomicType(TypeRoot.VARCHAR, true, MAX_LENGTH, 0);
  }

  public static AtomicType bytes() {
    return new AtomicType(TypeRoot.VARBINARY, true, MAX_LENGTH, 0);
  }

  public static AtomicType decimal(int precision, int scale) {
    return new AtomicType(TypeRoot.DECIMAL, true, precision, scale);
  }

  public static AtomicType timestamp(int precision) {
    return new AtomicType(TypeRoot.TIMESTAMP, true, precision, 0);
  }

  @Override
  public AtomicType withNullable(boolean nullable) {
    return new AtomicType(root, nullable, precision, scale);
  }

  /** Whether values are variable-length bytes in a BinaryRow (strings and binaries). */
  public boolean isVariableLength() {
    return root == TypeRoot.CHAR
        || root == TypeRoot.VARCHAR
        || root == TypeRoot.BINARY
        || root == TypeRoot.VARBINARY;
  }

  @Override
  public String asSql() {
    String base =
        switch (root) {
          case DECIMAL -> "DECIMAL(" + precision + ", " + scale + ")";
          case VARCHAR -> precision == MAX_LENGTH ? "STRING" : "VARCHAR(" + precision + ")";
          case VARBINARY -> precision == MAX_LENGTH ? "BYTES" : "VARBINARY(" + precision + ")";
          case CHAR, BINARY, TIME, TIMESTAMP -> root + "(" + precision + ")";
          case TIMESTAMP_LTZ -> "TIMESTAMP(" + precision + ") WITH LOCAL TIME ZONE";
          default -> root.name();
        };
    return base + DataType.nullSuffix(nullable);
  }

  @Override
  public String toString() {
    return asSql();
  }
}
