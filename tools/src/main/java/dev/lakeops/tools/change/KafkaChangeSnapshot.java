package dev.lakeops.tools.change;

import static java.util.Objects.requireNonNull;

import dev.lakeops.tools.kafka.CommittedOffset;
import dev.lakeops.tools.kafka.GroupMember;
import dev.lakeops.tools.kafka.ProbeError;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * What the change probe read from one Kafka cluster about one topic (or the topics a group commits
 * to) and one group at one moment; the analyzer judges it without I/O. Parts that failed are in
 * {@code errors}.
 *
 * @param cluster the profile name
 * @param bootstrap the bootstrap servers
 * @param topic the topic asked about; null when only a group was
 * @param groupId the group asked about; null when only a topic was
 * @param topics the topics read: the one asked, or those the group commits to
 * @param group the group's members, epochs and committed offsets; null when not asked or not found
 */
public record KafkaChangeSnapshot(
    String cluster,
    String bootstrap,
    Instant capturedAt,
    @Nullable String topic,
    @Nullable String groupId,
    List<TopicState> topics,
    @Nullable GroupInfo group,
    List<ProbeError> errors,
    List<String> queries) {

  /**
   * One topic: its partitions and every configuration value (defaults included, so that a value set
   * back to its default still differs from what an earlier probe saw).
   */
  public record TopicState(
      String topic, List<PartitionState> partitions, Map<String, String> configs) {
    public TopicState {
      requireNonNull(topic, "topic");
      partitions = List.copyOf(partitions);
      configs = Collections.unmodifiableMap(new TreeMap<>(configs));
    }
  }

  /**
   * One partition's offsets and its first retained record.
   *
   * @param firstTimestamp timestamp of the first retained record ({@code
   *     listOffsets(forTimestamp(0))}); null when empty
   * @param firstKeyed whether that record has a key; null when it was not read
   */
  public record PartitionState(
      int partition,
      long logStart,
      long end,
      @Nullable Long firstTimestamp,
      @Nullable Boolean firstKeyed) {}

  /**
   * A consumer group.
   *
   * @param groupEpoch the group epoch of a group on the consumer protocol (KIP-848); null for
   *     classic groups
   * @param assignmentEpoch the target assignment epoch, likewise
   */
  public record GroupInfo(
      String groupId,
      String state,
      @Nullable Integer groupEpoch,
      @Nullable Integer assignmentEpoch,
      List<GroupMember> members,
      List<CommittedOffset> offsets) {
    public GroupInfo {
      requireNonNull(groupId, "groupId");
      requireNonNull(state, "state");
      members = List.copyOf(members);
      offsets = List.copyOf(offsets);
    }

    public Optional<CommittedOffset> offset(String topic, int partition) {
      return offsets.stream()
          .filter(o -> o.topic().equals(topic) && o.partition() == partition)
          .findFirst();
    }
  }

  public KafkaChangeSnapshot {
    requireNonNull(cluster, "cluster");
    requireNonNull(bootstrap, "bootstrap");
    requireNonNull(capturedAt, "capturedAt");
    topics = List.copyOf(topics);
    errors = List.copyOf(errors);
    queries = List.copyOf(queries);
  }

  public Optional<TopicState> topicState(String name) {
    return topics.stream().filter(t -> t.topic().equals(name)).findFirst();
  }

  /**
   * The history key: one topic on one cluster, or a group when no topic was asked. Calls about the
   * same topic with and without a group share it; groups are compared only with the same group.
   */
  public String key() {
    return bootstrap + (topic != null ? " topic " + topic : " group " + groupId);
  }
}
