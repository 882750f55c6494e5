package dev.lakeops.tools.change;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.change.KafkaChangeSnapshot.GroupInfo;
import dev.lakeops.tools.change.KafkaChangeSnapshot.PartitionState;
import dev.lakeops.tools.change.KafkaChangeSnapshot.TopicState;
import dev.lakeops.tools.kafka.CommittedOffset;
import dev.lakeops.tools.kafka.GroupMember;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaErrors;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.ProbeError;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;

/**
 * Captures, for what changed on Kafka, one topic (or the topics a group commits to) and one group
 * with the AdminClient: partitions with log start, end and the timestamp of the first retained
 * record ({@code listOffsets(forTimestamp(0))}), every topic configuration value, the group's
 * members, epochs and committed offsets, and whether the first record of the highest partitions has
 * a key ({@link FirstRecordKeys}). Does no judging.
 *
 * <p>The first call failing is fatal and throws; later failures are kept in {@link
 * KafkaChangeSnapshot#errors()}.
 */
public final class KafkaChangeProbe {

  private final KafkaCluster cluster;
  private final KafkaProbeOptions options;
  private final Clock clock;

  public KafkaChangeProbe(KafkaCluster cluster, KafkaProbeOptions options, Clock clock) {
    this.cluster = cluster;
    this.options = options;
    this.clock = clock;
  }

  /**
   * @param topic the topic; null for the topics {@code group} commits to
   * @param group the consumer group; null for none
   * @throws ProbeException the cluster cannot be reached ({@code UNREACHABLE}, {@code TIMEOUT},
   *     {@code UNAUTHORIZED}, naming the bootstrap servers), or the topic (or, without a topic, the
   *     group) does not exist ({@code NOT_FOUND}, naming those that do)
   */
  public KafkaChangeSnapshot capture(String topic, String group) {
    if ((topic == null || topic.isBlank()) && (group == null || group.isBlank())) {
      throw new IllegalArgumentException("Kafka change probe needs a topic or a group");
    }
    Map<String, Object> config = new HashMap<>();
    int millis = (int) Math.min(Integer.MAX_VALUE, options.timeout().toMillis());
    config.put(AdminClientConfig.CLIENT_ID_CONFIG, "lakeops-change-probe");
    config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis);
    config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis);
    config.put(AdminClientConfig.RETRIES_CONFIG, 1);
    try (Admin admin = Admin.create(cluster.clientConfig(config))) {
      return new Capture(admin, blankToNull(topic), blankToNull(group), millis).run();
    }
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.strip();
  }

  /** One capture's state; not reused. */
  private final class Capture {
    private final Admin admin;
    private final String topic;
    private final String groupId;
    private final int timeoutMs;
    private final String at;
    private final List<String> queries = new ArrayList<>();
    private final List<ProbeError> errors = new ArrayList<>();

    Capture(Admin admin, String topic, String groupId, int timeoutMs) {
      this.admin = admin;
      this.topic = topic;
      this.groupId = groupId;
      this.timeoutMs = timeoutMs;
      this.at = " at " + cluster.bootstrapServers();
    }

    KafkaChangeSnapshot run() {
      String first = "describeCluster" + at;
      queries.add(first);
      try {
        admin
            .describeCluster(new DescribeClusterOptions().timeoutMs(timeoutMs))
            .clusterId()
            .get(timeoutMs, TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        interrupted(e);
        throw KafkaErrors.firstCall(cluster, first, e, options.timeout());
      }
      GroupInfo group = groupId == null ? null : group();
      Set<String> names = new TreeSet<>();
      if (topic != null) {
        names.add(topic);
      } else if (group != null) {
        group.offsets().forEach(o -> names.add(o.topic()));
        group
            .members()
            .forEach(
                m -> m.assignment().forEach(a -> names.add(a.substring(0, a.lastIndexOf('-')))));
      }
      List<TopicState> topics = new ArrayList<>();
      for (String name : names) {
        TopicState t = topic(name);
        if (t != null) {
          topics.add(t);
        }
      }
      return new KafkaChangeSnapshot(
          cluster.name(),
          cluster.bootstrapServers(),
          clock.instant(),
          topic,
          groupId,
          topics,
          group,
          errors,
          queries);
    }

    private GroupInfo group() {
      String describe = "describeConsumerGroups(" + groupId + ")" + at;
      String offsets = "listConsumerGroupOffsets(" + groupId + ")" + at;
      queries.add(describe);
      queries.add(offsets);
      ConsumerGroupDescription d =
          get(
              describe,
              admin.describeConsumerGroups(List.of(groupId)).describedGroups().get(groupId));
      Map<TopicPartition, OffsetAndMetadata> committed =
          get(offsets, admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata());
      boolean missing =
          (d == null
                  || d.groupState() == GroupState.DEAD
                  || d.members().isEmpty() && d.groupState() == GroupState.UNKNOWN)
              && (committed == null || committed.isEmpty());
      if (missing) {
        ProbeException notFound =
            new ProbeException(
                ProbeException.Code.NOT_FOUND,
                describe,
                "no consumer group '"
                    + groupId
                    + "' on the Kafka cluster at "
                    + cluster.bootstrapServers());
        if (topic == null) {
          throw notFound;
        }
        errors.add(new ProbeError(notFound.code(), describe, notFound.getMessage()));
        return null;
      }
      List<GroupMember> members =
          d == null
              ? List.of()
              : d.members().stream()
                  .map(Capture::member)
                  .sorted(Comparator.comparing(GroupMember::memberId))
                  .toList();
      List<CommittedOffset> offs =
          committed == null
              ? List.of()
              : committed.entrySet().stream()
                  .filter(e -> e.getValue() != null)
                  .map(
                      e ->
                          new CommittedOffset(
                              e.getKey().topic(), e.getKey().partition(), e.getValue().offset()))
                  .sorted(
                      Comparator.comparing(CommittedOffset::topic)
                          .thenComparingInt(CommittedOffset::partition))
                  .toList();
      return new GroupInfo(
          groupId,
          d == null ? "Unknown" : d.groupState().toString(),
          d == null ? null : d.groupEpoch().orElse(null),
          d == null ? null : d.targetAssignmentEpoch().orElse(null),
          members,
          offs);
    }

    private TopicState topic(String name) {
      String describe = "describeTopics(" + name + ")" + at;
      queries.add(describe);
      TopicDescription d;
      try {
        d =
            admin
                .describeTopics(List.of(name))
                .topicNameValues()
                .get(name)
                .get(timeoutMs, TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        interrupted(e);
        if (name.equals(topic) && KafkaErrors.code(e) == ProbeException.Code.NOT_FOUND) {
          throw new ProbeException(
              ProbeException.Code.NOT_FOUND,
              describe,
              "no topic '"
                  + name
                  + "' on the Kafka cluster at "
                  + cluster.bootstrapServers()
                  + " (topics there: "
                  + existingTopics()
                  + ")");
        }
        errors.add(KafkaErrors.partial(describe, e));
        return null;
      }
      List<TopicPartition> partitions =
          d.partitions().stream()
              .map(p -> new TopicPartition(name, p.partition()))
              .sorted(Comparator.comparingInt(TopicPartition::partition))
              .toList();
      Map<String, String> configs = configs(name);
      Map<TopicPartition, ListOffsetsResultInfo> start =
          offsets(name, partitions, OffsetSpec.earliest(), "earliest");
      Map<TopicPartition, ListOffsetsResultInfo> end =
          offsets(name, partitions, OffsetSpec.latest(), "latest");
      Map<TopicPartition, ListOffsetsResultInfo> firsts =
          offsets(name, partitions, OffsetSpec.forTimestamp(0), "forTimestamp(0)");
      Map<Integer, Long> firstOffsets = new LinkedHashMap<>();
      firsts.forEach(
          (tp, info) -> {
            if (info.offset() >= 0) {
              firstOffsets.put(tp.partition(), info.offset());
            }
          });
      Map<Integer, Boolean> keyed =
          new FirstRecordKeys(cluster, options.timeout()).read(name, firstOffsets, errors, queries);
      List<PartitionState> states = new ArrayList<>();
      for (TopicPartition tp : partitions) {
        ListOffsetsResultInfo f = firsts.get(tp);
        Long firstTs = f == null || f.offset() < 0 || f.timestamp() < 0 ? null : f.timestamp();
        states.add(
            new PartitionState(
                tp.partition(),
                start.containsKey(tp) ? start.get(tp).offset() : -1,
                end.containsKey(tp) ? end.get(tp).offset() : -1,
                firstTs,
                keyed.get(tp.partition())));
      }
      return new TopicState(name, states, configs);
    }

    private Map<String, String> configs(String name) {
      String query = "describeConfigs(topic " + name + ")" + at;
      queries.add(query);
      ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, name);
      Config config = get(query, admin.describeConfigs(List.of(resource)).values().get(resource));
      Map<String, String> values = new LinkedHashMap<>();
      if (config != null) {
        config
            .entries()
            .forEach(
                e ->
                    values.put(
                        e.name(), e.isSensitive() ? "(sensitive)" : String.valueOf(e.value())));
      }
      return values;
    }

    private Map<TopicPartition, ListOffsetsResultInfo> offsets(
        String name, List<TopicPartition> partitions, OffsetSpec spec, String what) {
      String query =
          "listOffsets(" + what + ", " + partitions.size() + " partitions of " + name + ")" + at;
      queries.add(query);
      Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
      partitions.forEach(tp -> request.put(tp, spec));
      Map<TopicPartition, ListOffsetsResultInfo> result =
          get(
              query,
              admin.listOffsets(request, new ListOffsetsOptions().timeoutMs(timeoutMs)).all());
      return result == null ? Map.of() : result;
    }

    private String existingTopics() {
      try {
        Set<String> names =
            new TreeSet<>(admin.listTopics().names().get(timeoutMs, TimeUnit.MILLISECONDS));
        return names.isEmpty()
            ? "none"
            : String.join(", ", names.stream().limit(10).toList())
                + (names.size() > 10 ? ", ..." : "");
      } catch (Exception e) {
        interrupted(e);
        return "could not be listed";
      }
    }

    /** The future's value; a failure is recorded and yields null. */
    private <T> T get(String query, KafkaFuture<T> future) {
      try {
        return future.get(timeoutMs, TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        interrupted(e);
        if (KafkaErrors.code(e) != ProbeException.Code.NOT_FOUND) {
          errors.add(KafkaErrors.partial(query, e));
        }
        return null;
      }
    }

    private static GroupMember member(MemberDescription m) {
      List<String> assignment =
          m.assignment().topicPartitions().stream()
              .sorted(
                  Comparator.comparing(TopicPartition::topic)
                      .thenComparingInt(TopicPartition::partition))
              .map(TopicPartition::toString)
              .toList();
      return new GroupMember(m.consumerId(), m.clientId(), m.host(), assignment);
    }
  }

  static void interrupted(Exception e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      throw new ProbeException(
          ProbeException.Code.TIMEOUT, "kafka change capture", "interrupted", e);
    }
  }
}
