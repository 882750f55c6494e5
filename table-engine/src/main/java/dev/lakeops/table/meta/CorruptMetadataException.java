package dev.lakeops.table.meta;

import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A metadata file (schema, snapshot, tag, consumer, manifest) or an encoded value in it could not
 * be decoded. The message names the file, when known, and what is wrong.
 */
public class CorruptMetadataException extends RuntimeException {

  private final @Nullable Path path;

  public CorruptMetadataException(String message, @Nullable Path path, @Nullable Throwable cause) {
    super(path == null ? message : message + " (file " + path + ")", cause);
    this.path = path;
  }

  /** The file that could not be decoded; empty when decoding bytes or text of no known file. */
  public Optional<Path> path() {
    return Optional.ofNullable(path);
  }
}
