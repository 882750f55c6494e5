package dev.lakeops.cli.table;

import dev.lakeops.table.Table;
import dev.lakeops.table.store.TableNotFoundException;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.DatabaseNotFoundException;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.io.LocalFileIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options every {@code table} command shares: the warehouse and the output format. A table is
 * named {@code DATABASE.TABLE} inside the warehouse ({@code <warehouse>/<database>.db/<table>}), or,
 * without {@code --warehouse}, by the path of any Paimon table directory.
 */
final class TableTarget {

  @Option(names = "--warehouse", paramLabel = "DIR", description = "Warehouse directory: holds <database>.db/<table>/")
  Path warehouse;

  @Option(names = "--json", description = "Print JSON")
  boolean json;

  /**
   * The warehouse.
   *
   * @throws ParameterException it was not given, does not exist or is not a directory
   */
  Catalog catalog(CommandSpec spec) {
    if (warehouse == null) {
      throw new ParameterException(spec.commandLine(), "--warehouse DIR is required");
    }
    if (!Files.exists(warehouse)) {
      throw new ParameterException(spec.commandLine(), "--warehouse " + warehouse + ": no such directory");
    }
    if (!Files.isDirectory(warehouse)) {
      throw new ParameterException(spec.commandLine(), "--warehouse " + warehouse + ": not a directory");
    }
    return Catalog.local(warehouse.toAbsolutePath().normalize());
  }

  /**
   * The table {@code name} names: {@code DATABASE.TABLE} in the warehouse, or a table directory.
   *
   * @throws ParameterException a bad warehouse, a malformed name, an unknown database or table
   *     (naming the ones that exist), or a directory that holds no table
   */
  Table load(CommandSpec spec, String name) {
    if (warehouse == null && Files.isDirectory(Path.of(name))) {
      try {
        return Table.load(new LocalFileIO(), Path.of(name).toAbsolutePath().normalize());
      } catch (TableNotFoundException e) {
        throw new ParameterException(spec.commandLine(), "table " + name + ": " + e.getMessage());
      }
    }
    if (warehouse == null && name.contains(java.io.File.separator)) {
      throw new ParameterException(spec.commandLine(), "table " + name + ": " + (Files.exists(Path.of(name))
          ? "not a directory" : "no such directory") + " (give a table directory, or --warehouse DIR and DATABASE.TABLE)");
    }
    Catalog catalog = catalog(spec);
    Identifier id;
    try {
      id = Identifier.parse(name);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "table '" + name + "': expected DATABASE.TABLE, e.g. db.orders");
    }
    List<String> tables;
    try {
      tables = catalog.listTables(id.database());
    } catch (DatabaseNotFoundException e) {
      throw new ParameterException(spec.commandLine(), "table " + name + ": no database '" + id.database()
          + "' in warehouse " + catalog.warehouse() + " (databases: " + orNone(catalog.listDatabases()) + ")");
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "table '" + name + "': " + e.getMessage());
    }
    if (!tables.contains(id.table())) {
      throw new ParameterException(spec.commandLine(), "table " + name + ": no table '" + id.table() + "' in database '"
          + id.database() + "' of warehouse " + catalog.warehouse() + " (tables: " + orNone(tables) + ")");
    }
    try {
      return catalog.loadTable(id);
    } catch (TableNotFoundException e) {
      throw new ParameterException(spec.commandLine(), "table " + name + ": " + e.getMessage());
    }
  }

  static String orNone(List<String> names) {
    return names.isEmpty() ? "none" : String.join(", ", names);
  }
}
