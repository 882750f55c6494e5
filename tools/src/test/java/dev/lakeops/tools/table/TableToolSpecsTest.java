package dev.lakeops.tools.table;

import static dev.lakeops.tools.table.TableFixtures.commit;
import static dev.lakeops.tools.table.TableFixtures.keyed;
import static dev.lakeops.tools.table.TableFixtures.orders;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakeops.table.Table;
import dev.lakeops.tools.Finding;
import dev.lakeops.tools.ToolReport;
import dev.lakeops.tools.spec.ToolArgs;
import dev.lakeops.tools.spec.ToolFunction;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table declarations are true: every tool, run over tables the engine wrote (a failover with
 * replays, a keyed table with a compaction backlog, a healthy one and an empty one), emits only
 * codes its declaration lists.
 */
class TableToolSpecsTest {

  @TempDir Path warehouse;

  @Test
  void everyCodeTheToolsEmitOverRealTablesIsDeclared() {
    Table payments = TableFixtures.appendOrders(warehouse, "payments");
    commit(payments, "job-a", 1, orders(1, 10));
    commit(payments, "job-a", 2, orders(11, 20));
    commit(payments, "job-b", 1, orders(11, 20));
    Table backlog =
        TableFixtures.keyedOrders(
            warehouse,
            "backlog",
            Map.of("num-sorted-run.compaction-trigger", "2", "num-sorted-run.stop-trigger", "3"));
    for (int i = 1; i <= 4; i++) {
      commit(backlog, "writer", i, keyed("2024-01-01", 1, 5, i));
    }
    Table healthy = TableFixtures.keyedOrders(warehouse, "healthy", Map.of());
    commit(healthy, "writer", 1, keyed("2024-01-01", 1, 5, 0));
    TableFixtures.appendOrders(warehouse, "empty");

    Map<String, TreeSet<String>> emitted = new TreeMap<>();
    TableTools tools = new TableTools(TableLocator.local(warehouse));
    for (String table : List.of("db.payments", "db.backlog", "db.healthy", "db.empty")) {
      for (ToolFunction<ToolReport> tool : tools.functions()) {
        Map<String, String> args = new LinkedHashMap<>(Map.of("table", table));
        if (tool.name().equals(TableTools.DUPLICATE_KEYS)
            && !table.equals("db.backlog")
            && !table.equals("db.healthy")) {
          args.put("keys", "order_id");
        }
        for (Finding f : tool.apply(ToolArgs.read(tool.spec(), args)).findings()) {
          emitted.computeIfAbsent(tool.name(), k -> new TreeSet<>()).add(f.code());
          assertThat(tool.spec().codes().declares(f.code()))
              .as(
                  "%s emits %s over %s, which its declaration does not list",
                  tool.name(), f.code(), table)
              .isTrue();
        }
      }
    }
    assertThat(emitted).containsOnlyKeys(TableToolSpecs.ALL.stream().map(s -> s.name()).toList());
  }
}
