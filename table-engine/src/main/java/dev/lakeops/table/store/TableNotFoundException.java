package dev.lakeops.table.store;

import java.nio.file.Path;

/** No table at a location: its directory or its {@code schema/} files are missing. */
public final class TableNotFoundException extends RuntimeException {

  private final Path location;

  public TableNotFoundException(Path location, String detail) {
    super("Table not found at " + location + ": " + detail);
    this.location = location;
  }

  public Path location() {
    return location;
  }
}
