package dev.lakeops.eval.world.kafka;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A modelled Kafka cluster: its topics and consumer groups. */
public final class KafkaWorld {

  private final String name;
  private final long beginMs;
  private final Map<String, TopicModel> topics = new LinkedHashMap<>();
  private final Map<String, GroupModel> groups = new LinkedHashMap<>();

  public KafkaWorld(String name, long beginMs) {
    this.name = name;
    this.beginMs = beginMs;
  }

  public String name() {
    return name;
  }

  /** A bootstrap address nothing listens on: the world answers instead. */
  public String bootstrap() {
    return name + ".world:9092";
  }

  public TopicModel topic(String topic, int partitions, double recordsPerSecond) {
    if (topics.containsKey(topic)) {
      throw new IllegalArgumentException(
          "Kafka cluster '" + name + "': two topics are named '" + topic + "'");
    }
    TopicModel t = new TopicModel(topic, partitions, recordsPerSecond, beginMs);
    topics.put(topic, t);
    return t;
  }

  public GroupModel group(String id, String topic, double recordsPerSecond, long commitEveryMs) {
    if (groups.containsKey(id)) {
      throw new IllegalArgumentException(
          "Kafka cluster '" + name + "': two consumer groups are named '" + id + "'");
    }
    GroupModel g = new GroupModel(id, requireTopic(topic), recordsPerSecond, commitEveryMs);
    groups.put(id, g);
    return g;
  }

  public TopicModel requireTopic(String topic) {
    TopicModel t = topics.get(topic);
    if (t == null) {
      throw new IllegalArgumentException(
          "Kafka cluster '"
              + name
              + "' has no topic '"
              + topic
              + "' (topics: "
              + String.join(", ", topics.keySet())
              + ")");
    }
    return t;
  }

  public GroupModel requireGroup(String id) {
    GroupModel g = groups.get(id);
    if (g == null) {
      throw new IllegalArgumentException(
          "Kafka cluster '"
              + name
              + "' has no consumer group '"
              + id
              + "' (groups: "
              + String.join(", ", groups.keySet())
              + ")");
    }
    return g;
  }

  Optional<GroupModel> findGroup(String id) {
    return Optional.ofNullable(groups.get(id));
  }

  List<GroupModel> groups() {
    return new ArrayList<>(groups.values());
  }

  Optional<TopicModel> findTopic(String topic) {
    return Optional.ofNullable(topics.get(topic));
  }

  /**
   * From {@code atMs}, retention has deleted every partition of the group's topic past its offsets.
   */
  public void deletePastCommitted(String groupId, long atMs, long beyond) {
    GroupModel g = requireGroup(groupId);
    for (int p = 0; p < g.topic().partitions(); p++) {
      g.topic().deleteUpTo(p, g.committed(p, atMs) + beyond, atMs);
    }
  }
}
