package dev.lakeops.runbooks.tool;

import dev.lakeops.tools.binlog.BinlogToolSpecs;
import dev.lakeops.tools.binlog.live.BinlogServerToolSpecs;
import dev.lakeops.tools.cdc.CdcToolSpecs;
import dev.lakeops.tools.change.ChangeToolSpecs;
import dev.lakeops.tools.kafka.KafkaToolSpecs;
import dev.lakeops.tools.spec.ToolSpec;
import dev.lakeops.tools.table.TableToolSpecs;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The read-only tools runbooks may name, by declaration: parameters and the finding codes each can
 * emit. The validator checks runbooks against a catalog; a {@link ToolRegistry} adds the functions
 * that call them.
 */
public final class ToolCatalog {

  private final Map<String, ToolSpec> byName = new LinkedHashMap<>();

  /**
   * @throws IllegalArgumentException two declarations have the same name
   */
  public ToolCatalog(Collection<ToolSpec> specs) {
    for (ToolSpec s : specs) {
      if (byName.put(s.name(), s) != null) {
        throw new IllegalArgumentException("Tool " + s.name() + " is declared twice");
      }
    }
  }

  public Optional<ToolSpec> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public List<String> names() {
    return List.copyOf(byName.keySet());
  }

  /**
   * Every tool lakeops provides to runbooks, as its bindings declare them (the Flink tools with the
   * {@code cluster} their binding adds). The table tools are bound by {@link TableBindings}, the
   * binlog verifier by {@link BinlogBindings}, the binlog server status when servers are
   * configured, {@code cdc.connect.status} when Kafka Connect workers are configured, and {@code
   * changes.recent} by {@link ChangeBindings} (all of them by {@link
   * dev.lakeops.runbooks.setup.TriageTools}); a registry without them answers their calls with an
   * error report.
   */
  public static ToolCatalog lakeops() {
    List<ToolSpec> all = new ArrayList<>(FlinkBindings.specs());
    all.addAll(KafkaToolSpecs.ALL);
    all.add(BinlogToolSpecs.VERIFY);
    all.add(BinlogServerToolSpecs.STATUS);
    all.add(CdcToolSpecs.STATUS);
    all.addAll(TableToolSpecs.ALL);
    all.addAll(ChangeToolSpecs.ALL);
    return new ToolCatalog(all);
  }
}
