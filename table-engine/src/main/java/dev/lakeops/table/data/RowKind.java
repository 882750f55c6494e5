package dev.lakeops.table.data;

/**
 * The change a row stands for, with Paimon's byte values: the first byte of a BinaryRow and the
 * {@code _VALUE_KIND} column of primary-key data files.
 */
public enum RowKind {
  INSERT("+I", (byte) 0),
  UPDATE_BEFORE("-U", (byte) 1),
  UPDATE_AFTER("+U", (byte) 2),
  DELETE("-D", (byte) 3);

  private final String shortString;
  private final byte value;

  RowKind(String shortString, byte value) {
    this.shortString = shortString;
    this.value = value;
  }

  public byte toByteValue() {
    return value;
  }

  public String shortString() {
    return shortString;
  }

  /** Whether the row adds to the table ({@code +I}, {@code +U}) rather than retracting. */
  public boolean isAdd() {
    return this == INSERT || this == UPDATE_AFTER;
  }

  public static RowKind fromByteValue(byte value) {
    return switch (value) {
      case 0 -> INSERT;
      case 1 -> UPDATE_BEFORE;
      case 2 -> UPDATE_AFTER;
      case 3 -> DELETE;
      default ->
          throw new IllegalArgumentException("Invalid row kind byte: " + value + " (must be 0..3)");
    };
  }
}
