package dev.lakeops.cli.table;

import dev.lakeops.cli.common.CliErrors;
import dev.lakeops.cli.common.RequestStats;
import dev.lakeops.table.catalog.Catalog;
import dev.lakeops.table.io.FileIOs;
import dev.lakeops.table.io.IoStats;
import dev.lakeops.table.io.UnsupportedWarehouseException;
import dev.lakeops.tools.table.TableLocator;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --warehouse DIR|URI}: where the tables are, {@code <warehouse>/<database>.db/<table>}: a
 * directory, or a warehouse on a store ({@code s3://bucket/path}, {@code s3a://}, {@code
 * hdfs://namenode:port/path}) opened with {@code --store KEY=VALUE} and the store's standard
 * environment variables; {@code --stats} prints the requests the command made to it.
 */
final class WarehouseOption implements RequestStats {

  @Option(
      names = "--warehouse",
      paramLabel = "DIR|URI",
      description =
          "Warehouse: a directory or s3://BUCKET/PATH, hdfs://NAMENODE:PORT/PATH;"
              + " holds <database>.db/<table>/")
  String dir;

  @Option(
      names = "--store",
      paramLabel = "KEY=VALUE",
      description =
          "A setting of the warehouse's store, e.g. s3.endpoint=http://127.0.0.1:9000 (repeatable;"
              + " the store's environment variables, such as AWS_ENDPOINT_URL, apply without it)")
  Map<String, String> store = new TreeMap<>();

  @Option(
      names = "--stats",
      description =
          "Print the requests made to the warehouse's store (LIST, GET, HEAD, PUT, DELETE) and the"
              + " bytes moved, on stderr")
  boolean stats;

  private @Nullable Catalog opened;

  /** Whether a warehouse was given. */
  boolean given() {
    return dir != null;
  }

  /** Whether the warehouse given is a local directory (true without {@code --warehouse}). */
  boolean local() {
    return dir == null || FileIOs.isLocal(dir);
  }

  /**
   * The warehouse.
   *
   * @throws ParameterException it was not given; a directory that does not exist or is not one; a
   *     URI, setting or scheme that is not valid; a store warehouse with nothing in it
   */
  Catalog catalog(CommandSpec spec) {
    if (opened != null) {
      return opened;
    }
    if (dir == null) {
      throw new ParameterException(spec.commandLine(), "--warehouse DIR|URI is required");
    }
    opened = local() ? localCatalog(spec) : storeCatalog(spec);
    return opened;
  }

  /** The locator of the table commands: tables of the warehouse, or any table directory. */
  TableLocator locator(CommandSpec spec) {
    return dir == null ? TableLocator.local(null) : TableLocator.in(catalog(spec));
  }

  private Catalog localCatalog(CommandSpec spec) {
    Path path;
    try {
      path = FileIOs.rootPath(dir);
    } catch (IllegalArgumentException e) { // InvalidPathException included
      throw new ParameterException(
          spec.commandLine(), "--warehouse " + dir + ": " + e.getMessage());
    }
    if (!Files.exists(path)) {
      throw new ParameterException(
          spec.commandLine(), "--warehouse " + dir + ": no such directory");
    }
    if (!Files.isDirectory(path)) {
      throw new ParameterException(spec.commandLine(), "--warehouse " + dir + ": not a directory");
    }
    return Catalog.local(path.toAbsolutePath().normalize());
  }

  private Catalog storeCatalog(CommandSpec spec) {
    Catalog catalog;
    try {
      catalog = Catalog.open(dir, store);
    } catch (IllegalArgumentException | UnsupportedWarehouseException e) {
      throw CliErrors.badInput(spec, "--warehouse " + dir, e);
    }
    boolean there;
    try {
      there = catalog.io().exists(catalog.warehouse());
    } catch (UncheckedIOException e) {
      throw CliErrors.badInput(spec, "--warehouse " + dir, e);
    }
    if (!there) {
      throw new ParameterException(
          spec.commandLine(), "--warehouse " + dir + ": no such warehouse (nothing under it)");
    }
    return catalog;
  }

  /** With {@code --stats}, one line of the requests the warehouse's store was sent. */
  @Override
  public void printStats(PrintWriter err) {
    if (!stats) {
      return;
    }
    IoStats s = opened == null ? IoStats.NONE : opened.io().stats();
    err.println(
        "lakeops: "
            + (opened == null ? "no warehouse opened" : opened.location())
            + " requests: "
            + s.requests()
            + " ("
            + s
            + ")");
    err.flush();
  }

  /** Names for a message: comma-separated, or {@code none}. */
  static String orNone(List<String> names) {
    return names.isEmpty() ? "none" : String.join(", ", names);
  }
}
