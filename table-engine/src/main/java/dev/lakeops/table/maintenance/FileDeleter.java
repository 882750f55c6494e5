package dev.lakeops.table.maintenance;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.paths.TablePaths;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes files no snapshot, tag or consumer needs any more; best effort, every failure logged with
 * its path.
 */
final class FileDeleter {

  private static final Logger LOG = LoggerFactory.getLogger(FileDeleter.class);

  private FileDeleter() {}

  // Requires: no published snapshot, tag or long-lived changelog references any of `files`.
  static DeletedFiles delete(FileIO io, TablePaths paths, Collection<Path> files) {
    List<String> deleted = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    long bytes = 0;
    for (Path file : files) {
      String relative = relative(paths, file);
      try {
        long size = io.exists(file) ? io.size(file) : 0;
        if (io.delete(file)) {
          deleted.add(relative);
          bytes += size;
        }
      } catch (RuntimeException e) {
        LOG.warn("Failed to delete unused file {}", file, e);
        failed.add(relative);
      }
    }
    return new DeletedFiles(deleted, bytes, failed);
  }

  static String relative(TablePaths paths, Path file) {
    Path root = paths.root().toAbsolutePath();
    Path abs = file.toAbsolutePath();
    return abs.startsWith(root) ? root.relativize(abs).toString() : abs.toString();
  }
}
