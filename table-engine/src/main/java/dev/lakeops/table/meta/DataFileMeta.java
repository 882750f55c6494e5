package dev.lakeops.table.meta;

import static java.util.Objects.requireNonNull;

import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a manifest knows about one data file ({@code _FILE}; source: Paimon {@code DataFileMeta};
 * {@code paimon-format.md} §7.2). Immutable; build with {@link #builder(String)}.
 *
 * @param fileName name only; the directory follows from partition and bucket (or {@code
 *     externalPath})
 * @param rowCount rows in the file, -U/-D rows included
 * @param minKey smallest trimmed primary key; {@link BinaryRow#EMPTY} for append tables
 * @param keyStats statistics over the key fields ({@link SimpleStats#EMPTY} for append tables)
 * @param valueStats statistics over the value columns listed by {@code valueStatsCols}
 * @param level LSM level, 0 for newly written files
 * @param extraFiles legacy extra files, normally empty
 * @param creationTime local wall-clock time of creation, millisecond precision (Paimon stores it as
 *     if it were UTC); null when unknown
 * @param deleteRowCount -U/-D rows in the file; null when unknown
 * @param embeddedIndex small file index inlined in the manifest, or null
 * @param fileSource who wrote the file, or null when unknown
 * @param valueStatsCols the columns in {@code valueStats}; null means all columns
 * @param externalPath full path when the file lives outside the table directory, or null
 * @param firstRowId row-tracking id of the first row, or null
 * @param writeCols the columns a data-evolution file holds, or null for all
 */
public record DataFileMeta(
    String fileName,
    long fileSize,
    long rowCount,
    BinaryRow minKey,
    BinaryRow maxKey,
    SimpleStats keyStats,
    SimpleStats valueStats,
    long minSequenceNumber,
    long maxSequenceNumber,
    long schemaId,
    int level,
    List<String> extraFiles,
    @Nullable LocalDateTime creationTime,
    @Nullable Long deleteRowCount,
    byte @Nullable [] embeddedIndex,
    @Nullable FileSource fileSource,
    @Nullable List<String> valueStatsCols,
    @Nullable String externalPath,
    @Nullable Long firstRowId,
    @Nullable List<String> writeCols) {

  public DataFileMeta {
    requireNonNull(fileName, "fileName");
    requireNonNull(minKey, "minKey");
    requireNonNull(maxKey, "maxKey");
    requireNonNull(keyStats, "keyStats");
    requireNonNull(valueStats, "valueStats");
    if (fileName.isEmpty() || fileName.contains("/")) {
      throw new IllegalArgumentException("Invalid data file name: '" + fileName + "'");
    }
    if (fileSize < 0) {
      throw new IllegalArgumentException("Invalid file size of " + fileName + ": " + fileSize);
    }
    if (rowCount < 0) {
      throw new IllegalArgumentException("Invalid row count of " + fileName + ": " + rowCount);
    }
    if (level < 0) {
      throw new IllegalArgumentException("Invalid level of " + fileName + ": " + level);
    }
    extraFiles = List.copyOf(extraFiles);
    embeddedIndex = embeddedIndex == null ? null : embeddedIndex.clone();
    valueStatsCols = valueStatsCols == null ? null : List.copyOf(valueStatsCols);
    writeCols = writeCols == null ? null : List.copyOf(writeCols);
  }

  /** A copy of the embedded index bytes, or null. */
  @Override
  public byte @Nullable [] embeddedIndex() {
    return embeddedIndex == null ? null : embeddedIndex.clone();
  }

  /** The same file at another level: how a compaction upgrades a file without rewriting it. */
  public DataFileMeta withLevel(int newLevel) {
    return toBuilder().level(newLevel).build();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DataFileMeta d
        && fileName.equals(d.fileName)
        && fileSize == d.fileSize
        && rowCount == d.rowCount
        && minKey.equals(d.minKey)
        && maxKey.equals(d.maxKey)
        && keyStats.equals(d.keyStats)
        && valueStats.equals(d.valueStats)
        && minSequenceNumber == d.minSequenceNumber
        && maxSequenceNumber == d.maxSequenceNumber
        && schemaId == d.schemaId
        && level == d.level
        && extraFiles.equals(d.extraFiles)
        && Objects.equals(creationTime, d.creationTime)
        && Objects.equals(deleteRowCount, d.deleteRowCount)
        && Arrays.equals(embeddedIndex, d.embeddedIndex)
        && fileSource == d.fileSource
        && Objects.equals(valueStatsCols, d.valueStatsCols)
        && Objects.equals(externalPath, d.externalPath)
        && Objects.equals(firstRowId, d.firstRowId)
        && Objects.equals(writeCols, d.writeCols);
  }

  @Override
  public int hashCode() {
    return Objects.hash(
                fileName,
                fileSize,
                rowCount,
                minKey,
                maxKey,
                level,
                schemaId,
                minSequenceNumber,
                maxSequenceNumber)
            * 31
        + Arrays.hashCode(embeddedIndex);
  }

  @Override
  public String toString() {
    return "DataFileMeta["
        + fileName
        + ", level "
        + level
        + ", rows "
        + rowCount
        + ", size "
        + fileSize
        + ", seq "
        + minSequenceNumber
        + ".."
        + maxSequenceNumber
        + ", schema "
        + schemaId
        + "]";
  }

  /** A builder for a file named {@code fileName}; see {@link Builder} for the defaults. */
  public static Builder builder(String fileName) {
    return new Builder(fileName);
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * Builds a {@link DataFileMeta}. Defaults: empty keys and stats, level 0, no extra files, source
   * {@link FileSource#APPEND}, delete row count 0, everything else null or 0.
   */
  public static final class Builder {
    private String fileName;
    private long fileSize;
    private long rowCount;
    private BinaryRow minKey = BinaryRow.EMPTY;
    private BinaryRow maxKey = BinaryRow.EMPTY;
    private SimpleStats keyStats = SimpleStats.EMPTY;
    private SimpleStats valueStats = SimpleStats.EMPTY;
    private long minSequenceNumber;
    private long maxSequenceNumber;
    private long schemaId;
    private int level;
    private List<String> extraFiles = List.of();
    private @Nullable LocalDateTime creationTime;
    private @Nullable Long deleteRowCount = 0L;
    private byte @Nullable [] embeddedIndex;
    private @Nullable FileSource fileSource = FileSource.APPEND;
    private @Nullable List<String> valueStatsCols;
    private @Nullable String externalPath;
    private @Nullable Long firstRowId;
    private @Nullable List<String> writeCols;

    private Builder(String fileName) {
      this.fileName = fileName;
    }

    private Builder(DataFileMeta f) {
      fileName = f.fileName;
      fileSize = f.fileSize;
      rowCount = f.rowCount;
      minKey = f.minKey;
      maxKey = f.maxKey;
      keyStats = f.keyStats;
      valueStats = f.valueStats;
      minSequenceNumber = f.minSequenceNumber;
      maxSequenceNumber = f.maxSequenceNumber;
      schemaId = f.schemaId;
      level = f.level;
      extraFiles = f.extraFiles;
      creationTime = f.creationTime;
      deleteRowCount = f.deleteRowCount;
      embeddedIndex = f.embeddedIndex;
      fileSource = f.fileSource;
      valueStatsCols = f.valueStatsCols;
      externalPath = f.externalPath;
      firstRowId = f.firstRowId;
      writeCols = f.writeCols;
    }

    public Builder fileName(String value) {
      fileName = value;
      return this;
    }

    public Builder fileSize(long value) {
      fileSize = value;
      return this;
    }

    public Builder rowCount(long value) {
      rowCount = value;
      return this;
    }

    public Builder keyRange(BinaryRow min, BinaryRow max) {
      minKey = min;
      maxKey = max;
      return this;
    }

    public Builder keyStats(SimpleStats value) {
      keyStats = value;
      return this;
    }

    public Builder valueStats(SimpleStats value) {
      valueStats = value;
      return this;
    }

    public Builder sequenceRange(long min, long max) {
      minSequenceNumber = min;
      maxSequenceNumber = max;
      return this;
    }

    public Builder schemaId(long value) {
      schemaId = value;
      return this;
    }

    public Builder level(int value) {
      level = value;
      return this;
    }

    public Builder extraFiles(List<String> value) {
      extraFiles = value;
      return this;
    }

    public Builder creationTime(@Nullable LocalDateTime value) {
      creationTime = value;
      return this;
    }

    public Builder deleteRowCount(@Nullable Long value) {
      deleteRowCount = value;
      return this;
    }

    public Builder embeddedIndex(byte @Nullable [] value) {
      embeddedIndex = value;
      return this;
    }

    public Builder fileSource(@Nullable FileSource value) {
      fileSource = value;
      return this;
    }

    public Builder valueStatsCols(@Nullable List<String> value) {
      valueStatsCols = value;
      return this;
    }

    public Builder externalPath(@Nullable String value) {
      externalPath = value;
      return this;
    }

    public Builder firstRowId(@Nullable Long value) {
      firstRowId = value;
      return this;
    }

    public Builder writeCols(@Nullable List<String> value) {
      writeCols = value;
      return this;
    }

    public DataFileMeta build() {
      return new DataFileMeta(
          fileName,
          fileSize,
          rowCount,
          minKey,
          maxKey,
          keyStats,
          valueStats,
          minSequenceNumber,
          maxSequenceNumber,
          schemaId,
          level,
          extraFiles,
          creationTime,
          deleteRowCount,
          embeddedIndex,
          fileSource,
          valueStatsCols,
          externalPath,
          firstRowId,
          writeCols);
    }
  }
}
