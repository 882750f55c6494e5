package dev.lakeops.tools.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
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
 *
 * <p>The warehouse may be on an object store or HDFS ({@link #in(Catalog)}); there a table is
 * {@code database.table}, or its URI inside the warehouse ({@code s3://bucket/wh/db.db/t}).
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

  /** A locator of the tables of {@code warehouse}, wherever it is (local, S3, HDFS). */
  public static TableLocator in(Catalog warehouse) {
    return new TableLocator(warehouse.io(), warehouse.warehouse());
  }

  /** The warehouse's root, as a path of {@link #io()}. */
  public Optional<Path> warehouse() {
    return Optional.ofNullable(warehouse);
  }

  /** The file access tables are read with. */
  public FileIO io() {
    return io;
  }

  /** Where {@code path} is, for messages: a local path or the store's URI. */
  public String location(Path path) {
    return io.location(path);
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
          io.location(dir),
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
              + (warehouse == null
                  ? ""
                  : " or database.table in warehouse " + io.location(warehouse)));
    }
    String t = table.strip();
    if (!io.isLocal()) {
      return resolveOnStore(t);
    }
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
      return named(t);
    }
    try {
      return Path.of(t).toAbsolutePath().normalize();
    } catch (InvalidPathException e) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND, "table", "'" + t + "' is not a path: " + e.getReason());
    }
  }

  private Path named(String t) {
    int dot = t.indexOf('.');
    return warehouse.resolve(t.substring(0, dot) + ".db").resolve(t.substring(dot + 1));
  }

  /**
   * On an object store or HDFS: {@code database.table}, or a URI inside the warehouse. A bare path
   * would be ambiguous (this machine's disk or the store?), so it is refused.
   */
  private Path resolveOnStore(String t) {
    if (warehouse == null) {
      throw new ProbeException(
          ProbeException.Code.NOT_FOUND, t, "no warehouse is configured to find '" + t + "' in");
    }
    if (NAME.matcher(t).matches()) {
      return named(t);
    }
    String root = io.location(warehouse);
    String prefix = root.endsWith("/") ? root : root + "/";
    if (t.startsWith(prefix) && t.length() > prefix.length()) {
      Path dir = warehouse.resolve(t.substring(prefix.length())).normalize();
      if (dir.startsWith(warehouse) && !dir.equals(warehouse)) {
        return dir;
      }
    }
    throw new ProbeException(
        ProbeException.Code.NOT_FOUND,
        t,
        "'"
            + t
            + "' is not a table of warehouse "
            + root
            + ": name it database.table, or give its URI under "
            + prefix);
  }
}
