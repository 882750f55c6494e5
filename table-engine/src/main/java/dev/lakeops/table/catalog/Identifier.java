package dev.lakeops.table.catalog;

import static java.util.Objects.requireNonNull;

/** A table's name in a catalog: {@code database.table}. */
public record Identifier(String database, String table) {

  public Identifier {
    requireNonNull(database, "database");
    requireNonNull(table, "table");
    if (database.isBlank() || table.isBlank()) {
      throw new IllegalArgumentException(
          "Invalid table identifier '" + database + "." + table + "': empty name");
    }
  }

  public static Identifier of(String database, String table) {
    return new Identifier(database, table);
  }

  /**
   * Parses {@code db.table}.
   *
   * @throws IllegalArgumentException not two dot-separated names
   */
  public static Identifier parse(String text) {
    int dot = text.indexOf('.');
    if (dot <= 0 || dot == text.length() - 1 || text.indexOf('.', dot + 1) >= 0) {
      throw new IllegalArgumentException(
          "Invalid table identifier '" + text + "' (expected database.table)");
    }
    return new Identifier(text.substring(0, dot), text.substring(dot + 1));
  }

  @Override
  public String toString() {
    return database + "." + table;
  }
}
