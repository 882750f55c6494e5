package dev.lakeops.table.deletion;

import dev.lakeops.table.meta.CorruptMetadataException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * A deletion-vector index file, or the slice of it that holds one data file's vector, cannot be
 * decoded: truncated, wrong version, magic or checksum, or a bitmap that does not parse. The
 * message names the index file, the byte offset and the data file.
 */
public final class CorruptDeletionVectorException extends CorruptMetadataException {

  private static final long serialVersionUID = 1L;

  private final long offset;

  public CorruptDeletionVectorException(
      Path indexFile, long offset, String dataFileName, String reason, @Nullable Throwable cause) {
    super(
        "Corrupt deletion vector of data file "
            + dataFileName
            + " at offset "
            + offset
            + ": "
            + reason,
        indexFile,
        cause);
    this.offset = offset;
  }

  /** The byte offset in the index file where the vector starts (or where decoding failed). */
  public long offset() {
    return offset;
  }
}
