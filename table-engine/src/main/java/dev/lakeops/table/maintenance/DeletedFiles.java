package dev.lakeops.table.maintenance;

import java.util.List;

/**
 * Files a maintenance operation deleted.
 *
 * @param files paths relative to the table directory, in deletion order
 * @param bytes their total size
 * @param failed files whose deletion failed (logged with the cause); they stay on disk
 */
public record DeletedFiles(List<String> files, long bytes, List<String> failed) {

  public static final DeletedFiles NONE = new DeletedFiles(List.of(), 0, List.of());

  public DeletedFiles {
    files = List.copyOf(files);
    failed = List.copyOf(failed);
    if (bytes < 0) {
      throw new IllegalArgumentException("Invalid byte count: " + bytes);
    }
  }

  public int count() {
    return files.size();
  }
}
