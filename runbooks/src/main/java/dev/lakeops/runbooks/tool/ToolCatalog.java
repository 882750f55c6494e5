package dev.lakeops.runbooks.tool;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The read-only tools runbooks may name, by signature. The validator checks runbooks against a
 * catalog; a {@link ToolRegistry} adds the functions that call them.
 */
public final class ToolCatalog {

  private final Map<String, ToolSignature> byName = new LinkedHashMap<>();

  public ToolCatalog(Collection<ToolSignature> signatures) {
    for (ToolSignature s : signatures) {
      if (byName.put(s.name(), s) != null) {
        throw new IllegalArgumentException("Tool " + s.name() + " is declared twice");
      }
    }
  }

  public Optional<ToolSignature> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public List<String> names() {
    return List.copyOf(byName.keySet());
  }

  /**
   * Every tool lakeops provides to runbooks. The table tools are bound by {@link TableBindings};
   * a registry without them answers their calls with an error report.
   */
  public static ToolCatalog lakeops() {
    return new ToolCatalog(List.of(
        new ToolSignature("flink.backpressure", List.of("job"), List.of("cluster")),
        new ToolSignature("flink.health", List.of("job"), List.of("cluster", "alert_job_id")),
        new ToolSignature("flink.job", List.of("job"), List.of("cluster")),
        new ToolSignature("flink.checkpoints", List.of("job"), List.of("cluster")),
        new ToolSignature("flink.source-lag", List.of("job"), List.of("cluster")),
        new ToolSignature("flink.jobs", List.of(), List.of("cluster")),
        new ToolSignature("kafka.lag", List.of("cluster"), List.of("group", "samples", "interval")),
        new ToolSignature("kafka.groups", List.of("cluster"), List.of()),
        new ToolSignature("kafka.reconcile", List.of("cluster", "topic", "sink_count"), List.of("group", "partition", "from", "to")),
        new ToolSignature("kafka.configs", List.of("cluster", "topic"), List.of("group")),
        new ToolSignature("binlog.verify", List.of("path"), List.of()),
        new ToolSignature("table.commit_timeline", List.of("table"), List.of("limit")),
        new ToolSignature("table.duplicate_keys", List.of("table"), List.of("partition", "keys")),
        new ToolSignature("table.compaction_backlog", List.of("table"), List.of("partition")),
        new ToolSignature("table.snapshots", List.of("table"), List.of())));
  }
}
