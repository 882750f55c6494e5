package dev.lakeops.tools.flink;

import static dev.lakeops.tools.Checks.checkArgument;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The configured Flink clusters by profile name, each with tools of its own, so one cluster's data
 * is never read for another. A name that is not configured is not found: it never falls back to the
 * default cluster.
 */
public final class FlinkClusters {

  /** The profile name of {@code lakeops.flink.rest-url}. */
  public static final String DEFAULT = "default";

  private final Map<String, FlinkTools> byName;
  private final String defaultName;

  public FlinkClusters(Map<String, FlinkTools> byName, String defaultName) {
    checkArgument(
        byName.isEmpty() || byName.containsKey(defaultName),
        "Default Flink cluster '%s' is not among the configured ones: %s",
        defaultName,
        byName.keySet());
    this.byName = Collections.unmodifiableMap(new LinkedHashMap<>(byName));
    this.defaultName = defaultName;
  }

  /**
   * No cluster: every name is not found. For probes that read Flink among other systems (the change
   * probe) where no Flink is configured; {@link #defaultCluster()} has none to give.
   */
  public static FlinkClusters none() {
    return new FlinkClusters(Map.of(), DEFAULT);
  }

  /** One cluster, under the name {@value #DEFAULT}. */
  public static FlinkClusters single(FlinkTools tools) {
    return new FlinkClusters(Map.of(DEFAULT, tools), DEFAULT);
  }

  public Optional<FlinkTools> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public String defaultName() {
    return defaultName;
  }

  /**
   * @throws IllegalStateException there is no cluster ({@link #none()})
   */
  public FlinkTools defaultCluster() {
    FlinkTools tools = byName.get(defaultName);
    if (tools == null) {
      throw new IllegalStateException("No Flink cluster is configured");
    }
    return tools;
  }

  public Set<String> names() {
    return byName.keySet();
  }
}
