package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Binds the table tools as {@link dev.lakeops.tools.table.TableToolSpecs} declares them. {@code
 * table} is a table directory or {@code database.table} in the locator's warehouse. Where alerts
 * arrive from other systems, bind them {@linkplain #inWarehouse confined to the warehouse}.
 */
public final class TableBindings {

  private TableBindings() {}

  /** Any table the process can read; for the command line, where the operator names the table. */
  public static List<ToolBinding> of(TableTools tools) {
    return bindings(tools, table -> Optional.empty());
  }

  /**
   * Only tables inside {@code locator}'s warehouse: {@code database.table}, or a directory in it; a
   * directory that leaves it, also through a symbolic link, is an error report and nothing is read.
   *
   * @throws IllegalArgumentException the locator has no warehouse
   */
  public static List<ToolBinding> inWarehouse(TableTools tools, TableLocator locator) {
    Path root =
        locator
            .warehouse()
            .orElseThrow(
                () -> new IllegalArgumentException("a confined table binding needs a warehouse"));
    return bindings(
        tools,
        table -> {
          Path dir;
          try {
            dir = locator.resolve(table);
          } catch (ProbeException e) {
            return Optional.empty(); // the tool reports it
          }
          if (!dir.startsWith(root) || dir.equals(root) || escapesByLink(dir, root)) {
            return Optional.of(
                "table '"
                    + table.strip()
                    + "' is outside the warehouse "
                    + root
                    + "; name it database.table");
          }
          return Optional.empty();
        });
  }

  private static List<ToolBinding> bindings(
      TableTools tools, Function<String, Optional<String>> refusal) {
    return tools.functions().stream()
        .map(
            f ->
                new ToolBinding(
                    f.spec(),
                    args -> {
                      Optional<String> refused = refusal.apply(args.string("table"));
                      return refused.isPresent()
                          ? error(f.name(), args.given(), refused.get())
                          : f.apply(args);
                    }))
        .toList();
  }

  private static boolean escapesByLink(Path dir, Path root) {
    try {
      return Files.exists(dir) && !dir.toRealPath().startsWith(root.toRealPath());
    } catch (IOException e) {
      return true;
    }
  }

  private static ToolReport error(String name, Map<String, String> args, String message) {
    return new ToolReport(ToolReport.Status.ERROR, name, args, List.of(), message);
  }
}
