package dev.lakeops.tools.change;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What a change probe is asked about: each hop is probed only when its target is given.
 *
 * @param job a Flink job name or 32-hex-digit id; null: no Flink hop
 * @param flinkCluster the Flink cluster profile; null for the default cluster
 * @param table a table directory or {@code database.table}; null: no table hop
 * @param topic a Kafka topic; null: the topics {@code group} commits to, or no Kafka hop
 * @param group a Kafka consumer group; null: no group changes
 * @param kafkaCluster the Kafka cluster profile; null when exactly one is configured
 * @param aliases further names the targets go by (job ids seen by the Flink hop), for feeds such as
 *     the audit log that name jobs by id
 */
public record ChangeTargets(
    @Nullable String job,
    @Nullable String flinkCluster,
    @Nullable String table,
    @Nullable String topic,
    @Nullable String group,
    @Nullable String kafkaCluster,
    Set<String> aliases) {

  public ChangeTargets {
    job = blankToNull(job);
    flinkCluster = blankToNull(flinkCluster);
    table = blankToNull(table);
    topic = blankToNull(topic);
    group = blankToNull(group);
    kafkaCluster = blankToNull(kafkaCluster);
    aliases = Set.copyOf(aliases);
  }

  public static ChangeTargets of(
      @Nullable String job,
      @Nullable String table,
      @Nullable String topic,
      @Nullable String group) {
    return new ChangeTargets(job, null, table, topic, group, null, Set.of());
  }

  public ChangeTargets withClusters(@Nullable String flink, @Nullable String kafka) {
    return new ChangeTargets(job, flink, table, topic, group, kafka, aliases);
  }

  public ChangeTargets withAliases(Set<String> more) {
    Set<String> all = new LinkedHashSet<>(aliases);
    all.addAll(more);
    return new ChangeTargets(job, flinkCluster, table, topic, group, kafkaCluster, all);
  }

  public boolean isEmpty() {
    return job == null && table == null && topic == null && group == null;
  }

  public boolean hasKafka() {
    return topic != null || group != null;
  }

  /**
   * Every name a feed may find the targets by: the targets, a table's name without its database,
   * and the aliases.
   */
  public Set<String> mentions() {
    Set<String> names = new LinkedHashSet<>();
    for (String s : new String[] {job, table, topic, group}) {
      if (s != null) {
        names.add(s);
      }
    }
    if (table != null && table.contains(".") && !table.contains("/")) {
      names.add(table.substring(table.indexOf('.') + 1));
    }
    names.addAll(aliases);
    return names;
  }

  /** The targets given, as the report's parameters name them. */
  public Map<String, String> params() {
    Map<String, String> p = new LinkedHashMap<>();
    put(p, "job", job);
    put(p, "flink_cluster", flinkCluster);
    put(p, "table", table);
    put(p, "topic", topic);
    put(p, "group", group);
    put(p, "kafka_cluster", kafkaCluster);
    return p;
  }

  private static void put(Map<String, String> p, String key, @Nullable String value) {
    if (value != null) {
      p.put(key, value);
    }
  }

  private static @Nullable String blankToNull(@Nullable String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }
}
