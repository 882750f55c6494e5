package dev.lakeops.table.format;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * A data file cannot be decoded: truncated, bytes flipped, or not the layout its metadata promises.
 * The message names the file and, where known, the byte offset.
 */
public final class CorruptDataFileException extends RuntimeException {

  private final Path path;
  private final long offset;

  public CorruptDataFileException(
      Path path, long offset, String reason, @Nullable Throwable cause) {
    super(message(path, offset, reason), cause);
    this.path = requireNonNull(path, "path");
    this.offset = offset;
  }

  public CorruptDataFileException(Path path, long offset, String reason) {
    this(path, offset, reason, null);
  }

  /** A corruption whose byte offset is not known. */
  public CorruptDataFileException(Path path, String reason, @Nullable Throwable cause) {
    this(path, -1, reason, cause);
  }

  public Path path() {
    return path;
  }

  /** The byte offset in the file where decoding failed, or -1 when unknown. */
  public long offset() {
    return offset;
  }

  private static String message(Path path, long offset, String reason) {
    return "Corrupt data file "
        + path
        + (offset >= 0 ? " at offset " + offset : "")
        + ": "
        + reason;
  }
}
