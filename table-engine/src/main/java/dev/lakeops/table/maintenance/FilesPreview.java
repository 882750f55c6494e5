package dev.lakeops.table.maintenance;

import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.paths.TablePaths;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The files a maintenance operation would delete and their total size: the preview counterpart of
 * {@link DeletedFiles}, with the same paths and the same byte counting.
 *
 * @param files in the order the operation deletes them
 * @param bytes their total size
 */
public record FilesPreview(List<PreviewFile> files, long bytes) {

  public static final FilesPreview NONE = new FilesPreview(List.of(), 0);

  public FilesPreview {
    files = List.copyOf(files);
    if (bytes < 0) {
      throw new IllegalArgumentException("Invalid byte count: " + bytes);
    }
  }

  public int count() {
    return files.size();
  }

  /** The paths, relative to the table directory, in order. */
  public List<String> paths() {
    return files.stream().map(PreviewFile::path).toList();
  }

  /**
   * Sizes {@code files} now, the way {@link FileDeleter} counts what it deletes (a missing file
   * counts 0 bytes).
   */
  static FilesPreview of(FileIO io, TablePaths paths, Collection<Path> files) {
    List<PreviewFile> previews = new ArrayList<>(files.size());
    long total = 0;
    for (Path file : files) {
      long size = io.exists(file) ? io.size(file) : 0;
      previews.add(new PreviewFile(FileDeleter.relative(paths, file), size));
      total += size;
    }
    return new FilesPreview(previews, total);
  }
}
