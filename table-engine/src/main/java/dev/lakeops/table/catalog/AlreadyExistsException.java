package dev.lakeops.table.catalog;

/** A database or table of that name already exists; nothing was changed. */
public final class AlreadyExistsException extends RuntimeException {

  public AlreadyExistsException(String message) {
    super(message);
  }
}
