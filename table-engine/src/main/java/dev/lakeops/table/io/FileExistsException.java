package dev.lakeops.table.io;

import java.nio.file.Path;

/** {@link FileIO#createExclusively} found the target already present; nothing was written. */
public final class FileExistsException extends RuntimeException {

  private final Path path;

  public FileExistsException(Path path) {
    super("File already exists: " + path);
    this.path = path;
  }

  public Path path() {
    return path;
  }
}
