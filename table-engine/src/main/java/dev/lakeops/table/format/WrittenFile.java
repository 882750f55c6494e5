package dev.lakeops.table.format;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.data.Row;
import java.nio.file.Path;

/**
 * A completed data file and what its manifest entry ({@code DataFileMeta}) records about it. Rows
 * and stats are plain {@link Row}s; the manifest writer serializes them as BinaryRows.
 *
 * @param path where the file is
 * @param fileSize bytes ({@code _FILE_SIZE})
 * @param rowCount rows, including retractions ({@code _ROW_COUNT})
 * @param minKey first key of a primary-key file ({@code _MIN_KEY}); an empty row for append files
 * @param maxKey last key ({@code _MAX_KEY}); an empty row for append files
 * @param keyStats stats of the {@code _KEY_} columns ({@code _KEY_STATS}); empty for append files
 * @param valueStats stats of the table columns ({@code _VALUE_STATS})
 * @param minSequenceNumber smallest {@code _SEQUENCE_NUMBER} ({@code _MIN_SEQUENCE_NUMBER})
 * @param maxSequenceNumber largest ({@code _MAX_SEQUENCE_NUMBER})
 * @param deleteRowCount {@code -U} and {@code -D} rows ({@code _DELETE_ROW_COUNT})
 */
public record WrittenFile(
    Path path,
    long fileSize,
    long rowCount,
    Row minKey,
    Row maxKey,
    ColumnStats keyStats,
    ColumnStats valueStats,
    long minSequenceNumber,
    long maxSequenceNumber,
    long deleteRowCount) {

  public WrittenFile {
    requireNonNull(path, "path");
    requireNonNull(minKey, "minKey");
    requireNonNull(maxKey, "maxKey");
    requireNonNull(keyStats, "keyStats");
    requireNonNull(valueStats, "valueStats");
    if (rowCount < 1) {
      throw new IllegalArgumentException(
          "Invalid row count of " + path + ": " + rowCount + " (a data file has rows)");
    }
    if (fileSize < 1) {
      throw new IllegalArgumentException("Invalid file size of " + path + ": " + fileSize);
    }
    if (minSequenceNumber < 0 || minSequenceNumber > maxSequenceNumber) {
      throw new IllegalArgumentException(
          "Invalid sequence range of "
              + path
              + ": "
              + minSequenceNumber
              + ".."
              + maxSequenceNumber);
    }
    if (deleteRowCount < 0 || deleteRowCount > rowCount) {
      throw new IllegalArgumentException(
          "Invalid delete row count of "
              + path
              + ": "
              + deleteRowCount
              + " (row count "
              + rowCount
              + ")");
    }
  }

  /** The file name, as the manifest stores it ({@code _FILE_NAME}). */
  public String fileName() {
    return path.getFileName().toString();
  }
}
