package dev.lakeops.table.meta;

/** Who wrote a data file ({@code _FILE_SOURCE}: 0 APPEND = a writer, 1 COMPACT = a compaction). */
public enum FileSource {
  APPEND((byte) 0),
  COMPACT((byte) 1);

  private final byte value;

  FileSource(byte value) {
    this.value = value;
  }

  public byte toByteValue() {
    return value;
  }

  /**
   * @throws IllegalArgumentException not 0 or 1
   */
  public static FileSource fromByteValue(int value) {
    return switch (value) {
      case 0 -> APPEND;
      case 1 -> COMPACT;
      default ->
          throw new IllegalArgumentException(
              "Invalid file source: " + value + " (must be 0 APPEND or 1 COMPACT)");
    };
  }
}
