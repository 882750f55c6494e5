package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
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
    locator
        .warehouse()
        .orElseThrow(
            () -> new IllegalArgumentException("a confined table binding needs a warehouse"));
    return bindings(tools, table -> WarehouseConfinement.refusal(locator, table));
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

  private static ToolReport error(String name, Map<String, String> args, String message) {
    return new ToolReport(ToolReport.Status.ERROR, name, args, List.of(), message);
  }
}
