package dev.lakeops.table.meta;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * A manifest list, manifest or index manifest is not a valid Avro file of its kind (corrupt,
 * truncated).
 */
public final class CorruptManifestException extends CorruptMetadataException {

  public CorruptManifestException(String message, @Nullable Path path, @Nullable Throwable cause) {
    super(message, path, cause);
  }
}
