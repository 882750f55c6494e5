package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.store.TableNotFoundException;
import dev.lakeops.tools.ProbeException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Finds the table a tool is asked about: a table directory (any Paimon table), or {@code
 * database.table} inside the configured warehouse ({@code <warehouse>/<database>.db/<table>}). A
 * name is only ever resolved inside the warehouse: it cannot climb out of it.
 */
public final class TableLocator {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_$-]+\\.[A-Za-z0-9_$-]+");

  private final FileIO io;
  private final @Nullable Path warehouse;

  /**
   * @param warehouse the warehouse {@code database.table} names resolve in; null for table
   *     directories only
   */
  public TableLocator(FileIO io, @Nullable Path warehouse) {
    this.io = io;
    this.warehouse = warehouse == null ? null : warehouse.toAbsolutePath().normalize();
  }

  /**
   * A locator of table directories on the local file system, and names in {@code warehouse} if
   * given.
   */
  public static TableLocator local(@Nullable Path warehouse) {
    return new TableLocator(new LocalFileIO(), warehouse);
  }

  public Optional<Path> warehouse() {
    return Optional.ofNullable(warehouse);
  }

  /**
   * The table {@code table} names.
   *
   * @throws ProbeException NOT_FOUND naming the directory searched: empty name, no such table, or a
   *     name without a configured warehouse
   */
  public Table locate(String table) {
    Path dir = resolve(table);
    try {
      return Table.load(io, dir);
    } catch (TableNotFoundException e) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND,
          dir.toString(),
          "no table '" + table.strip() + "': " + e.getMessage());
    }
  }

  /** The directory {@code table} names, without checking that it holds a table. */
  public Path resolve(String table) {
    if (table == null || table.isBlank()) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND,
          "table",
          "no table given: pass a table directory"
              + (warehouse == null ? "" : " or database.table in warehouse " + warehouse));
    }
    String t = table.strip();
    if (NAME.matcher(t).matches() && (warehouse != null || !Files.isDirectory(Path.of(t)))) {
      if (warehouse == null) {
        throw new ProbeException(
            ProbeException.Code.NOT_FOUND,
            t,
            "'"
                + t
                + "' looks like database.table but no "
                + "warehouse is configured; pass the table directory instead");
      }
      int dot = t.indexOf('.');
      return warehouse.resolve(t.substring(0, dot) + ".db").resolve(t.substring(dot + 1));
    }
    try {
      return Path.of(t).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND, "table", "'" + t + "' is not a path: " + e.getReason());
    }
  }
}
