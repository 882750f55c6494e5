package dev.lakeops.table.system;

import java.util.Collection;

/** A system table name that is not one of {@link SystemTables#names()}. */
public final class UnknownSystemTableException extends RuntimeException {

  public UnknownSystemTableException(String name, Collection<String> known) {
    super("Unknown system table '" + name + "' (known: $" + String.join(", $", known) + ")");
  }
}
