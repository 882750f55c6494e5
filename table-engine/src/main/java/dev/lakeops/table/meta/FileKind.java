package dev.lakeops.table.meta;

/** Whether a manifest entry adds or deletes a file ({@code _KIND}: 0 ADD, 1 DELETE). */
public enum FileKind {
  ADD((byte) 0),
  DELETE((byte) 1);

  private final byte value;

  FileKind(byte value) {
    this.value = value;
  }

  public byte toByteValue() {
    return value;
  }

  /**
   * @throws IllegalArgumentException not 0 or 1
   */
  public static FileKind fromByteValue(int value) {
    return switch (value) {
      case 0 -> ADD;
      case 1 -> DELETE;
      default ->
          throw new IllegalArgumentException(
              "Invalid file kind: " + value + " (must be 0 ADD or 1 DELETE)");
    };
  }
}
