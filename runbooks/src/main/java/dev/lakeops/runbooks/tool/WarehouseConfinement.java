package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.table.TableLocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Keeps the tables that alerts and models name inside the warehouse: {@code database.table}, or a
 * directory in it; a directory that leaves it, also through a symbolic link, is refused.
 */
final class WarehouseConfinement {

  private WarehouseConfinement() {}

  /**
   * Why {@code table} may not be read, or empty when it may (or when it names nothing: the tool
   * reports that itself).
   */
  static Optional<String> refusal(TableLocator locator, String table) {
    Optional<Path> warehouse = locator.warehouse();
    if (warehouse.isEmpty()) {
      return Optional.of(
          "table '"
              + table.strip()
              + "' cannot be read: no warehouse is configured (lakeops.tables.warehouse)");
    }
    Path root = warehouse.get();
    Path dir;
    try {
      dir = locator.resolve(table);
    } catch (ProbeException e) {
      return Optional.empty();
    }
    if (!dir.startsWith(root)
        || dir.equals(root)
        || (locator.io().isLocal() && escapesByLink(dir, root))) {
      return Optional.of(
          "table '"
              + table.strip()
              + "' is outside the warehouse "
              + locator.location(root)
              + "; name it database.table");
    }
    return Optional.empty();
  }

  private static boolean escapesByLink(Path dir, Path root) {
    try {
      return Files.exists(dir) && !dir.toRealPath().startsWith(root.toRealPath());
    } catch (IOException e) {
      return true;
    }
  }
}
