package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.table.Table;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.catalog.DatabaseNotFoundException;
import dev.lakeops.table.catalog.Identifier;
import dev.lakeops.table.flink.TableLocation;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.store.TableNotFoundException;
import dev.lakeops.tools.table.TableLocator;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * The table a command works on, its first positional parameter {@code TABLE}: {@code
 * DATABASE.TABLE} inside {@code --warehouse} (a directory or a store URI), or, without {@code
 * --warehouse}, the path of any Paimon table directory.
 */
final class TableArgument {

  @Mixin WarehouseOption warehouse;

  @Parameters(
      index = "0",
      paramLabel = "TABLE",
      description = "DATABASE.TABLE in --warehouse, or a table directory")
  String name;

  /** The table as the command line names it, for messages and output. */
  String name() {
    return name;
  }

  /**
   * Where a job on a cluster finds this table: the warehouse URI (a local one made absolute), its
   * store settings and {@code DATABASE.TABLE}.
   *
   * @throws ParameterException no --warehouse (a table directory), or a malformed name
   */
  TableLocation location(CommandSpec spec, String what) {
    if (!warehouse.given()) {
      throw new ParameterException(
          spec.commandLine(), what + " needs --warehouse DIR|URI and DATABASE.TABLE");
    }
    try {
      Identifier.parse(name);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), "table '" + name + "': expected DATABASE.TABLE, e.g. db.orders");
    }
    String uri =
        warehouse.local()
            ? FileIOs.rootPath(warehouse.dir).toAbsolutePath().normalize().toString()
            : warehouse.dir;
    return TableLocation.of(uri, warehouse.store, name);
  }

  /** The locator the table tools find this table with. */
  TableLocator locator(CommandSpec spec) {
    return warehouse.locator(spec);
  }

  /**
   * The table.
   *
   * @throws ParameterException a bad warehouse, a malformed name, an unknown database or table
   *     (naming the ones that exist), or a directory that holds no table
   */
  Table load(CommandSpec spec) {
    if (!warehouse.given() && Files.isDirectory(Path.of(name))) {
      try {
        return Table.load(new LocalFileIO(), Path.of(name).toAbsolutePath().normalize());
      } catch (TableNotFoundException e) {
        throw CliErrors.badInput(spec, "table " + name, e);
      }
    }
    if (!warehouse.given() && name.contains(File.separator)) {
      throw new ParameterException(
          spec.commandLine(),
          "table "
              + name
              + ": "
              + (Files.exists(Path.of(name)) ? "not a directory" : "no such directory")
              + " (give a table directory, or --warehouse DIR and DATABASE.TABLE)");
    }
    Catalog catalog = warehouse.catalog(spec);
    Identifier id;
    try {
      id = Identifier.parse(name);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(
          spec.commandLine(), "table '" + name + "': expected DATABASE.TABLE, e.g. db.orders");
    }
    List<String> tables;
    try {
      tables = catalog.listTables(id.database());
    } catch (DatabaseNotFoundException e) {
      throw new ParameterException(
          spec.commandLine(),
          "table "
              + name
              + ": no database '"
              + id.database()
              + "' in warehouse "
              + catalog.location()
              + " (databases: "
              + WarehouseOption.orNone(catalog.listDatabases())
              + ")");
    } catch (IllegalArgumentException e) {
      throw CliErrors.badInput(spec, "table '" + name + "'", e);
    }
    if (!tables.contains(id.table())) {
      throw new ParameterException(
          spec.commandLine(),
          "table "
              + name
              + ": no table '"
              + id.table()
              + "' in database '"
              + id.database()
              + "' of warehouse "
              + catalog.location()
              + " (tables: "
              + WarehouseOption.orNone(tables)
              + ")");
    }
    try {
      return catalog.loadTable(id);
    } catch (TableNotFoundException e) {
      throw CliErrors.badInput(spec, "table " + name, e);
    }
  }
}
