package dev.lakeops.agent.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakeops.tools.table.TableLocator;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.service.tool.ToolExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Lets a table tool read only tables of the configured warehouse: its {@code table} argument must
 * be a {@code database.table} name, and the table's directory (symbolic links resolved) must lie in
 * the warehouse; a table directory given as a path is refused before the tool runs. The model never
 * picks a directory on this host.
 */
final class WarehouseTables implements ToolExecutor {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_$-]+\\.[A-Za-z0-9_$-]+");

  private final ToolExecutor delegate;
  private final TableLocator tables;
  private final Path warehouse;

  /**
   * @throws IllegalArgumentException {@code tables} has no warehouse
   */
  WarehouseTables(ToolExecutor delegate, TableLocator tables) {
    this.delegate = delegate;
    this.tables = tables;
    this.warehouse =
        tables
            .warehouse()
            .orElseThrow(() -> new IllegalArgumentException("the table tools need a warehouse"));
  }

  @Override
  public String execute(ToolExecutionRequest request, Object memoryId) {
    JsonNode args = ToolArguments.parse(request).orElse(null);
    if (args == null) {
      return ToolArguments.NOT_AN_OBJECT;
    }
    if (args.has("table")) {
      String table = args.path("table").asText("").strip();
      if (!NAME.matcher(table).matches()) {
        return "REFUSED: table '"
            + ToolArguments.clip(table)
            + "' is not a database.table name; name a table of the warehouse "
            + tables.location(warehouse);
      }
      int dot = table.indexOf('.');
      Path dir =
          warehouse.resolve(table.substring(0, dot) + ".db").resolve(table.substring(dot + 1));
      if (tables.io().isLocal() && Files.exists(dir) && !insideWarehouse(dir)) {
        return "REFUSED: table '"
            + table
            + "' leads outside the warehouse "
            + warehouse
            + " by a symbolic link";
      }
    }
    return delegate.execute(request, memoryId);
  }

  private boolean insideWarehouse(Path dir) {
    try {
      return dir.toRealPath().startsWith(warehouse.toRealPath());
    } catch (IOException e) {
      return false;
    }
  }
}
