package dev.lakeops.table.schema;

import dev.lakeops.table.meta.CorruptMetadataException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/** A schema file is not valid schema JSON; the message names the file and what is wrong. */
public final class CorruptSchemaException extends CorruptMetadataException {

  public CorruptSchemaException(String message, @Nullable Path path, @Nullable Throwable cause) {
    super(message, path, cause);
  }
}
