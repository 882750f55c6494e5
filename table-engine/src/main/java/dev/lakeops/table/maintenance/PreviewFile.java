package dev.lakeops.table.maintenance;

import static java.util.Objects.requireNonNull;

/**
 * A file a maintenance operation would delete.
 *
 * @param path relative to the table directory (absolute when outside it), as {@link DeletedFiles}
 *     names it
 * @param bytes its size now; 0 when it is already gone
 */
public record PreviewFile(String path, long bytes) {

  public PreviewFile {
    requireNonNull(path, "path");
    if (bytes < 0) {
      throw new IllegalArgumentException("Invalid byte count of " + path + ": " + bytes);
    }
  }
}
