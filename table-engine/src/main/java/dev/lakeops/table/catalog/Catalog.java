package dev.lakeops.table.catalog;

import static java.util.Objects.requireNonNull;

import dev.lakeops.table.Table;
import dev.lakeops.table.io.FileExistsException;
import dev.lakeops.table.io.FileIO;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.LocalFileIO;
import dev.lakeops.table.paths.TablePaths;
import dev.lakeops.table.schema.SchemaJson;
import dev.lakeops.table.schema.TableSchema;
import dev.lakeops.table.store.TableNotFoundException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Paimon file-system warehouse: databases are {@code <warehouse>/<db>.db/} directories, tables
 * their subdirectories holding {@code schema/schema-0} ({@code paimon-format.md} §1). Tables
 * created here are readable and writable by Paimon's filesystem catalog, and the reverse.
 * Thread-safe; holds no state besides the location.
 */
public final class Catalog {

  private static final String DATABASE_SUFFIX = ".db";

  private final FileIO io;
  private final Path warehouse;

  public Catalog(FileIO io, Path warehouse) {
    this.io = requireNonNull(io, "io");
    this.warehouse = requireNonNull(warehouse, "warehouse");
  }

  /** A warehouse on the local file system. */
  public static Catalog local(Path warehouse) {
    return new Catalog(new LocalFileIO(), warehouse);
  }

  /**
   * The warehouse at {@code warehouseUri}: a local path, {@code file:}, or a scheme a {@link
   * dev.lakeops.table.io.FileIOFactory} serves ({@code s3://bucket/prefix}).
   *
   * @param options the store's settings (endpoint, region, credentials), by the factory's keys
   * @throws dev.lakeops.table.io.UnsupportedWarehouseException no FileIO serves the scheme
   * @throws IllegalArgumentException the URI is invalid
   */
  public static Catalog open(String warehouseUri, Map<String, String> options) {
    requireNonNull(warehouseUri, "warehouseUri");
    Path root = FileIOs.rootPath(warehouseUri);
    return new Catalog(FileIOs.open(warehouseUri, options), root);
  }

  /** The file access of this warehouse (its request counters included). */
  public FileIO io() {
    return io;
  }

  public Path warehouse() {
    return warehouse;
  }

  /** Where the warehouse is, for messages: its directory, or its URI ({@code s3://bucket/wh}). */
  public String location() {
    return io.location(warehouse);
  }

  /**
   * @throws AlreadyExistsException the database exists
   */
  public void createDatabase(String database) {
    Path dir = TablePaths.databaseDir(warehouse, database);
    if (io.exists(dir)) {
      throw new AlreadyExistsException(
          "Database '" + database + "' already exists in " + warehouse);
    }
    io.mkdirs(dir);
  }

  public void createDatabaseIfNotExists(String database) {
    io.mkdirs(TablePaths.databaseDir(warehouse, database));
  }

  public boolean databaseExists(String database) {
    return io.exists(TablePaths.databaseDir(warehouse, database));
  }

  /** Database names, sorted. */
  public List<String> listDatabases() {
    List<String> names = new ArrayList<>();
    for (Path p : io.list(warehouse)) {
      String name = p.getFileName().toString();
      if (name.endsWith(DATABASE_SUFFIX)
          && name.length() > DATABASE_SUFFIX.length()
          && io.isDirectory(p)) {
        names.add(name.substring(0, name.length() - DATABASE_SUFFIX.length()));
      }
    }
    return names;
  }

  /**
   * Deletes an empty database.
   *
   * @throws DatabaseNotFoundException no such database
   * @throws IllegalStateException the database still has tables
   */
  public void dropDatabase(String database) {
    List<String> tables = listTables(database);
    if (!tables.isEmpty()) {
      throw new IllegalStateException(
          "Database '" + database + "' is not empty: it has tables " + tables);
    }
    io.deleteRecursively(TablePaths.databaseDir(warehouse, database));
  }

  /**
   * Table names of a database (directories with a schema file), sorted.
   *
   * @throws DatabaseNotFoundException no such database
   */
  public List<String> listTables(String database) {
    Path dir = TablePaths.databaseDir(warehouse, database);
    if (!io.exists(dir)) {
      throw new DatabaseNotFoundException(database, warehouse.toString());
    }
    List<String> names = new ArrayList<>();
    for (Path p : io.list(dir)) {
      if (io.exists(new TablePaths(p).schemaFile(0))
          || !io.list(new TablePaths(p).schemaDir()).isEmpty()) {
        names.add(p.getFileName().toString());
      }
    }
    return names;
  }

  public boolean tableExists(Identifier id) {
    Path root = TablePaths.of(warehouse, id.database(), id.table()).root();
    return !io.list(new TablePaths(root).schemaDir()).isEmpty();
  }

  /**
   * Creates a table: writes {@code schema/schema-0} exclusively, so of two concurrent creators
   * exactly one succeeds.
   *
   * @throws DatabaseNotFoundException no such database
   * @throws AlreadyExistsException the table exists; nothing was written
   * @throws IllegalArgumentException the definition breaks Paimon's schema rules
   */
  public Table createTable(Identifier id, TableDefinition definition) {
    if (!databaseExists(id.database())) {
      throw new DatabaseNotFoundException(id.database(), warehouse.toString());
    }
    TablePaths paths = TablePaths.of(warehouse, id.database(), id.table());
    if (tableExists(id)) {
      throw new AlreadyExistsException("Table " + id + " already exists at " + paths.root());
    }
    TableSchema schema = definition.toSchema(System.currentTimeMillis());
    if (schema.hasPrimaryKey()) {
      // merge options Paimon refuses at create time (sequence fields, groups, conflicts)
      dev.lakeops.table.lsm.MergeOptions.of(id.toString(), schema);
    }
    try {
      io.createExclusively(
          paths.schemaFile(0), SchemaJson.toJson(schema).getBytes(StandardCharsets.UTF_8));
    } catch (FileExistsException e) {
      throw new AlreadyExistsException("Table " + id + " already exists at " + paths.root());
    }
    return Table.load(io, paths.root());
  }

  /**
   * Creates the table unless it exists; returns the table either way (an existing one unchanged).
   */
  public Table createTableIfNotExists(Identifier id, TableDefinition definition) {
    try {
      return createTable(id, definition);
    } catch (AlreadyExistsException e) {
      return loadTable(id);
    }
  }

  /**
   * The table with its latest schema.
   *
   * @throws TableNotFoundException no such table
   */
  public Table loadTable(Identifier id) {
    return Table.load(io, TablePaths.of(warehouse, id.database(), id.table()).root());
  }

  /**
   * Deletes a table's directory with all its files (Paimon's {@code DROP TABLE} on a filesystem
   * catalog).
   *
   * @throws TableNotFoundException no such table
   */
  public void dropTable(Identifier id) {
    Path root = TablePaths.of(warehouse, id.database(), id.table()).root();
    if (!tableExists(id)) {
      throw new TableNotFoundException(root, "no schema file");
    }
    io.deleteRecursively(root);
  }
}
