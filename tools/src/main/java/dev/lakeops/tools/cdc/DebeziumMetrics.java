package dev.lakeops.tools.cdc;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What {@link DebeziumMetricsProbe} read from one Kafka Connect worker's JMX: every Debezium
 * connector MBean ({@code debezium.PLUGIN:type=connector-metrics,context=CONTEXT,server=PREFIX}),
 * unjudged.
 *
 * @param jmxUrl the JMX service URL read
 * @param groups one per MBean, in name order
 * @param sources what was queried
 * @param capturedAt when the capture finished
 */
public record DebeziumMetrics(
    String jmxUrl, List<Group> groups, List<String> sources, Instant capturedAt) {

  public DebeziumMetrics {
    requireNonNull(jmxUrl, "jmxUrl");
    groups = List.copyOf(groups);
    sources = List.copyOf(sources);
    requireNonNull(capturedAt, "capturedAt");
  }

  /**
   * One MBean's attributes as text (arrays joined by {@code ,}, maps as {@code k=v} pairs).
   *
   * @param plugin the domain's suffix: {@code mysql}, {@code mariadb}, {@code postgres}, ...
   * @param server the {@code server} key: the connector's {@code topic.prefix} (Debezium 2 and
   *     later) or {@code database.server.name} (1.x)
   * @param context {@code streaming} or {@code snapshot} (others, e.g. {@code schema-history}, are
   *     kept as they come)
   * @param task the {@code task} key of connectors that run several tasks, else null
   */
  public record Group(
      String objectName,
      String plugin,
      String server,
      String context,
      @Nullable String task,
      Map<String, String> attributes) {

    public Group {
      requireNonNull(objectName, "objectName");
      requireNonNull(plugin, "plugin");
      requireNonNull(server, "server");
      requireNonNull(context, "context");
      attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    }

    public @Nullable String get(String attribute) {
      return attributes.get(attribute);
    }
  }

  /** The groups of the connector whose topic prefix (or server name) is {@code server}. */
  public List<Group> forServer(String server) {
    return groups.stream().filter(g -> g.server().equals(server)).toList();
  }
}
