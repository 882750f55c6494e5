package dev.lakeops.agent.scheduler;

import java.util.Map;
import java.util.TreeMap;

/**
 * One thing the scheduler probes: a Flink job or a Kafka consumer group on a named cluster.
 *
 * @param kind what is probed
 * @param cluster the configured cluster name
 * @param name the job name or group id
 */
public record WatchTarget(Kind kind, String cluster, String name) {

  public enum Kind {
    FLINK_JOB("LakeopsWatchFlinkJob", "job_name", "flink_cluster"),
    KAFKA_GROUP("LakeopsWatchKafkaGroup", "group", "kafka_cluster");

    private final String alertname;
    private final String nameLabel;
    private final String clusterLabel;

    Kind(String alertname, String nameLabel, String clusterLabel) {
      this.alertname = alertname;
      this.nameLabel = nameLabel;
      this.clusterLabel = clusterLabel;
    }
  }

  /**
   * Parses a configured entry, {@code name} or {@code cluster/name}.
   *
   * @throws IllegalArgumentException naming the key and the entry
   */
  public static WatchTarget parse(Kind kind, String key, String entry, String defaultCluster) {
    String text = entry.strip();
    int slash = text.indexOf('/');
    String cluster = slash < 0 ? defaultCluster : text.substring(0, slash).strip();
    String name = slash < 0 ? text : text.substring(slash + 1).strip();
    if (cluster == null || cluster.isEmpty() || name.isEmpty()) {
      throw new IllegalArgumentException(
          key
              + ": '"
              + entry
              + "' must be "
              + (defaultCluster == null ? "cluster/name" : "name or cluster/name"));
    }
    return new WatchTarget(kind, cluster, name);
  }

  /**
   * The labels of the incident a finding opens: the same target always gives the same fingerprint.
   */
  public Map<String, String> labels() {
    Map<String, String> labels = new TreeMap<>();
    labels.put("alertname", kind.alertname);
    labels.put(kind.nameLabel, name);
    labels.put(kind.clusterLabel, cluster);
    labels.put("source", "lakeops-scheduler");
    return labels;
  }

  @Override
  public String toString() {
    return kind + " " + cluster + "/" + name;
  }
}
