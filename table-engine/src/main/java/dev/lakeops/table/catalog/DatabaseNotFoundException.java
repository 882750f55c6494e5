package dev.lakeops.table.catalog;

/** No database of that name in the warehouse. */
public final class DatabaseNotFoundException extends RuntimeException {

  public DatabaseNotFoundException(String database, String warehouse) {
    super("Database '" + database + "' not found in warehouse " + warehouse);
  }
}
