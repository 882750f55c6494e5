package dev.lakeops.table.index;

import dev.lakeops.table.meta.CorruptMetadataException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * A hash index file cannot be used: missing, truncated (not a whole number of 4-byte hashes), or
 * holding another number of hashes than its index-manifest entry records. The message names the
 * table and the file; nothing is written when this is thrown.
 */
public final class CorruptIndexFileException extends CorruptMetadataException {

  private static final long serialVersionUID = 1L;

  public CorruptIndexFileException(
      String table, Path file, String reason, @Nullable Throwable cause) {
    super("Corrupt hash index file of table " + table + ": " + reason, file, cause);
  }
}
