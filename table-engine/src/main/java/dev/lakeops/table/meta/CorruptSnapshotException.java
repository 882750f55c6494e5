package dev.lakeops.table.meta;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/** A snapshot, tag or consumer file is not valid JSON of its kind. */
public final class CorruptSnapshotException extends CorruptMetadataException {

  public CorruptSnapshotException(String message, @Nullable Path path, @Nullable Throwable cause) {
    super(message, path, cause);
  }
}
