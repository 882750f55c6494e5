package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.table.TableLocator;
import dev.lakeops.tools.table.TableTools;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Binds the table tools: {@code table.commit_timeline(table, limit)},
 * {@code table.duplicate_keys(table, partition, keys)}, {@code table.compaction_backlog(table,
 * partition)} and {@code table.snapshots(table)}. {@code table} is a table directory or
 * {@code database.table} in the locator's warehouse; {@code keys} is a comma-separated list of
 * columns (empty for the primary key). Where alerts arrive from other systems, bind them
 * {@linkplain #inWarehouse confined to the warehouse}.
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
    Path root = locator.warehouse().orElseThrow(() -> new IllegalArgumentException("a confined table binding needs a warehouse"));
    return bindings(tools, table -> {
      Path dir;
      try {
        dir = locator.resolve(table);
      } catch (ProbeException e) {
        return Optional.empty(); // the tool reports it
      }
      if (!dir.startsWith(root) || dir.equals(root) || escapesByLink(dir, root)) {
        return Optional.of("table '" + table.strip() + "' is outside the warehouse " + root
            + "; name it database.table");
      }
      return Optional.empty();
    });
  }

  private static List<ToolBinding> bindings(TableTools tools, Function<String, Optional<String>> refusal) {
    ToolCatalog catalog = ToolCatalog.lakeops();
    return List.of(
        bind(catalog, TableTools.COMMIT_TIMELINE, refusal, a -> {
          String limit = a.getOrDefault("limit", "");
          int n;
          try {
            n = limit.isBlank() ? TableTools.DEFAULT_TIMELINE_LIMIT : Integer.parseInt(limit.strip());
          } catch (NumberFormatException e) {
            return error(TableTools.COMMIT_TIMELINE, a, "parameter limit must be a whole number, was '" + limit + "'");
          }
          return tools.commitTimeline(a.get("table"), n);
        }),
        bind(catalog, TableTools.DUPLICATE_KEYS, refusal,
            a -> tools.duplicateKeys(a.get("table"), a.get("partition"), keys(a.get("keys")))),
        bind(catalog, TableTools.COMPACTION_BACKLOG, refusal, a -> tools.compactionBacklog(a.get("table"), a.get("partition"))),
        bind(catalog, TableTools.SNAPSHOTS, refusal, a -> tools.snapshots(a.get("table"))));
  }

  private static ToolBinding bind(ToolCatalog catalog, String name, Function<String, Optional<String>> refusal,
                                  Function<Map<String, String>, ToolReport> call) {
    return new ToolBinding(catalog.find(name).orElseThrow(), args -> {
      Optional<String> refused = refusal.apply(args.getOrDefault("table", ""));
      return refused.isPresent() ? error(name, args, refused.get()) : call.apply(args);
    });
  }

  static List<String> keys(String text) {
    if (text == null || text.isBlank()) {
      return List.of();
    }
    return Arrays.stream(text.split(",")).map(String::strip).filter(k -> !k.isEmpty()).toList();
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
