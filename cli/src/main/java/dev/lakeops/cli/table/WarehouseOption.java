package dev.lakeops.cli.table;

import dev.lakeops.table.catalog.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --warehouse DIR}: the directory that holds the tables, {@code
 * <warehouse>/<database>.db/<table>}.
 */
final class WarehouseOption {

  @Option(
      names = "--warehouse",
      paramLabel = "DIR",
      description = "Warehouse directory: holds <database>.db/<table>/")
  Path dir;

  /** The warehouse directory, absolute and normalized; null without {@code --warehouse}. */
  Path path() {
    return dir == null ? null : dir.toAbsolutePath().normalize();
  }

  /**
   * The warehouse.
   *
   * @throws ParameterException it was not given, does not exist or is not a directory
   */
  Catalog catalog(CommandSpec spec) {
    if (dir == null) {
      throw new ParameterException(spec.commandLine(), "--warehouse DIR is required");
    }
    if (!Files.exists(dir)) {
      throw new ParameterException(
          spec.commandLine(), "--warehouse " + dir + ": no such directory");
    }
    if (!Files.isDirectory(dir)) {
      throw new ParameterException(spec.commandLine(), "--warehouse " + dir + ": not a directory");
    }
    return Catalog.local(path());
  }

  /** Names for a message: comma-separated, or {@code none}. */
  static String orNone(List<String> names) {
    return names.isEmpty() ? "none" : String.join(", ", names);
  }
}
