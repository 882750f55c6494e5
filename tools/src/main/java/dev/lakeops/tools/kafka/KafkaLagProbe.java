package dev.lakeops.tools.kafka;

import dev.lakeops.tools.ProbeException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeConfigsOptions;
import org.apache.kafka.clients.admin.DescribeConsumerGroupsOptions;
import org.apache.kafka.clients.admin.DescribeProducersOptions;
import org.apache.kafka.clients.admin.DescribeProducersResult;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsResult;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;

/**
 * Captures consumer lag from one cluster with the AdminClient (Kafka 3.x and 4.x brokers): groups
 * with state and members, committed offsets, log start, high watermark and last stable offset per
 * partition (one {@code listOffsets} pass each, taken together), topic shape and configuration,
 * producers of open transactions, and the record at a bounded number of committed offsets. Does no
 * judging.
 *
 * <p>The first call ({@code describeCluster}) failing is fatal and throws; any later call that
 * fails is recorded in {@link KafkaLagSnapshot#errors()} and the capture keeps the rest.
 */
public final class KafkaLagProbe {

  /** The topic configuration keys kept in a snapshot. */
  public static final Set<String> TOPIC_CONFIG_KEYS =
      Set.of(
          "cleanup.policy",
          "retention.ms",
          "retention.bytes",
          "min.insync.replicas",
          "unclean.leader.election.enable",
          "segment.bytes",
          "message.timestamp.type",
          "delete.retention.ms");

  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(KafkaLagProbe.class);

  private final KafkaCluster cluster;
  private final KafkaProbeOptions options;
  private final Clock clock;

  public KafkaLagProbe(KafkaCluster cluster, KafkaProbeOptions options, Clock clock) {
    this.cluster = cluster;
    this.options = options;
    this.clock = clock;
  }

  public KafkaCluster cluster() {
    return cluster;
  }

  /**
   * Reads everything {@code scope} covers.
   *
   * @throws ProbeException the cluster could not be reached or refused the credentials ({@code
   *     UNREACHABLE}, {@code TIMEOUT}, {@code UNAUTHORIZED}, naming the bootstrap servers), or
   *     named groups do not exist ({@code NOT_FOUND}, listing the groups that do)
   */
  public KafkaLagSnapshot capture(LagScope scope) {
    try (Admin admin = Admin.create(cluster.clientConfig(adminConfig()))) {
      return new Capture(admin, scope).run();
    }
  }

  private Map<String, Object> adminConfig() {
    int millis = (int) Math.min(Integer.MAX_VALUE, options.timeout().toMillis());
    Map<String, Object> config = new HashMap<>();
    config.put(AdminClientConfig.CLIENT_ID_CONFIG, "lakeops-probe");
    config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, millis);
    config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, millis);
    config.put(AdminClientConfig.RETRIES_CONFIG, 1);
    return config;
  }

  /** One capture's state; not reused. */
  private final class Capture {

    private final Admin admin;
    private final LagScope scope;
    private final int timeoutMs;
    private final String at;
    private final List<String> queries = new ArrayList<>();
    private final List<ProbeError> errors = new ArrayList<>();

    Capture(Admin admin, LagScope scope) {
      this.admin = admin;
      this.scope = scope;
      this.timeoutMs = (int) Math.min(Integer.MAX_VALUE, options.timeout().toMillis());
      this.at = " at " + cluster.bootstrapServers();
    }

    KafkaLagSnapshot run() {
      long t0 = System.nanoTime();
      describeCluster();
      List<String> groupIds = groupIds();
      // Independent calls are issued together and awaited after: one round trip each, in parallel.
      Map<String, KafkaFuture<ConsumerGroupDescription>> described = issueDescribeGroups(groupIds);
      ListConsumerGroupOffsetsResult committed = issueGroupOffsets(groupIds);
      Map<String, ConsumerGroup> groups = describeGroups(groupIds, described);
      readOffsets(groups, committed);
      long t1 = System.nanoTime();
      Set<String> topicNames = new TreeSet<>(scope.topics());
      Set<TopicPartition> partitions = new LinkedHashSet<>();
      for (ConsumerGroup g : groups.values()) {
        g.offsets().forEach(o -> partitions.add(new TopicPartition(o.topic(), o.partition())));
        g.members().forEach(m -> m.assignment().forEach(a -> partitions.add(parse(a))));
      }
      partitions.forEach(tp -> topicNames.add(tp.topic()));
      Instant capturedAt = clock.instant();
      OffsetCalls calls = issueListOffsets(partitions);
      TopicCalls topicCalls = issueDescribeTopics(topicNames);
      Map<TopicPartition, PartitionOffsets> offsets = new LinkedHashMap<>(calls.await());
      List<TopicInfo> topics = topicCalls.await();
      Set<TopicPartition> more = new LinkedHashSet<>();
      for (TopicInfo topic : topics) {
        if (scope.topics().contains(topic.topic())) {
          for (int p = 0; p < topic.partitions(); p++) {
            TopicPartition tp = new TopicPartition(topic.topic(), p);
            if (!partitions.contains(tp)) {
              more.add(tp);
            }
          }
        }
      }
      if (!more.isEmpty()) {
        offsets.putAll(issueListOffsets(more).await());
      }
      List<PartitionOffsets> sorted = new ArrayList<>(offsets.values());
      sorted.sort(
          java.util.Comparator.comparing(PartitionOffsets::topic)
              .thenComparingInt(PartitionOffsets::partition));
      long t2 = System.nanoTime();
      List<OpenTransaction> open =
          new TransactionLookup(admin, timeoutMs, at, queries, errors)
              .named(openTransactions(sorted));
      List<RecordAtOffset> records = readRecords(groups.values(), sorted);
      LOG.debug(
          "Captured {} groups, {} partitions from {} in {} ms (groups {} ms, offsets and topics {}"
              + " ms, records {} ms)",
          groups.size(),
          sorted.size(),
          cluster.bootstrapServers(),
          millis(t0),
          (t1 - t0) / 1_000_000,
          (t2 - t1) / 1_000_000,
          millis(t2));
      return new KafkaLagSnapshot(
          cluster.name(),
          cluster.bootstrapServers(),
          capturedAt,
          List.copyOf(groups.values()),
          sorted,
          topics,
          records,
          open,
          errors,
          queries);
    }

    private void describeCluster() {
      String query = "describeCluster" + at;
      queries.add(query);
      try {
        admin
            .describeCluster(new DescribeClusterOptions().timeoutMs(timeoutMs))
            .clusterId()
            .get(timeoutMs, TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        interruptedCheck(e);
        throw KafkaErrors.firstCall(cluster, query, e, options.timeout());
      }
    }

    private List<String> groupIds() {
      if (!scope.everyGroup()) {
        return List.copyOf(scope.groups());
      }
      String query = "listGroups(consumer)" + at;
      queries.add(query);
      Collection<GroupListing> listings =
          fatal(
              query,
              admin.listGroups(ListGroupsOptions.forConsumerGroups().timeoutMs(timeoutMs)).all());
      return listings.stream()
          .filter(
              l -> l.type().map(t -> t != GroupType.SHARE && t != GroupType.STREAMS).orElse(true))
          .map(GroupListing::groupId)
          .sorted()
          .toList();
    }

    private Map<String, KafkaFuture<ConsumerGroupDescription>> issueDescribeGroups(
        List<String> groupIds) {
      if (groupIds.isEmpty()) {
        return Map.of();
      }
      queries.add("describeConsumerGroups(" + names(groupIds) + ")" + at);
      return admin
          .describeConsumerGroups(
              groupIds, new DescribeConsumerGroupsOptions().timeoutMs(timeoutMs))
          .describedGroups();
    }

    private ListConsumerGroupOffsetsResult issueGroupOffsets(List<String> groupIds) {
      if (groupIds.isEmpty()) {
        return null;
      }
      Map<String, ListConsumerGroupOffsetsSpec> specs = new LinkedHashMap<>();
      groupIds.forEach(id -> specs.put(id, new ListConsumerGroupOffsetsSpec()));
      queries.add("listConsumerGroupOffsets(" + names(groupIds) + ")" + at);
      return admin.listConsumerGroupOffsets(
          specs, new ListConsumerGroupOffsetsOptions().timeoutMs(timeoutMs));
    }

    private Map<String, ConsumerGroup> describeGroups(
        List<String> groupIds, Map<String, KafkaFuture<ConsumerGroupDescription>> described) {
      Map<String, ConsumerGroup> groups = new LinkedHashMap<>();
      for (String id : groupIds) {
        try {
          ConsumerGroupDescription d = described.get(id).get(timeoutMs, TimeUnit.MILLISECONDS);
          List<GroupMember> members = d.members().stream().map(KafkaLagProbe::member).toList();
          groups.put(
              id,
              new ConsumerGroup(
                  id,
                  d.groupState().toString(),
                  d.type().toString(),
                  d.partitionAssignor(),
                  members,
                  List.of()));
        } catch (Exception e) {
          interruptedCheck(e);
          if (KafkaErrors.code(e) != ProbeException.Code.NOT_FOUND) {
            errors.add(KafkaErrors.partial("describeConsumerGroups(" + id + ")" + at, e));
          }
          groups.put(
              id,
              new ConsumerGroup(
                  id,
                  KafkaErrors.code(e) == ProbeException.Code.NOT_FOUND ? "Dead" : null,
                  null,
                  null,
                  List.of(),
                  List.of()));
        }
      }
      return groups;
    }

    private void readOffsets(
        Map<String, ConsumerGroup> groups, ListConsumerGroupOffsetsResult result) {
      if (groups.isEmpty()) {
        return;
      }
      String query = "listConsumerGroupOffsets(" + names(groups.keySet()) + ")" + at;
      for (String id : List.copyOf(groups.keySet())) {
        ConsumerGroup g = groups.get(id);
        try {
          Map<TopicPartition, OffsetAndMetadata> committed =
              result.partitionsToOffsetAndMetadata(id).get(timeoutMs, TimeUnit.MILLISECONDS);
          List<CommittedOffset> offsets =
              committed.entrySet().stream()
                  .filter(e -> e.getValue() != null)
                  .map(
                      e ->
                          new CommittedOffset(
                              e.getKey().topic(), e.getKey().partition(), e.getValue().offset()))
                  .sorted(
                      java.util.Comparator.comparing(CommittedOffset::topic)
                          .thenComparingInt(CommittedOffset::partition))
                  .toList();
          groups.put(
              id, new ConsumerGroup(id, g.state(), g.type(), g.protocol(), g.members(), offsets));
        } catch (Exception e) {
          interruptedCheck(e);
          errors.add(KafkaErrors.partial("listConsumerGroupOffsets(" + id + ")" + at, e));
        }
      }
      if (!scope.everyGroup()) {
        List<String> missing =
            groups.values().stream()
                .filter(
                    g ->
                        g.offsets().isEmpty()
                            && !g.hasMembers()
                            && g.state().matches("Dead|Unknown"))
                .map(ConsumerGroup::groupId)
                .toList();
        if (missing.size() == groups.size() && errors.isEmpty()) {
          throw new ProbeException(
              ProbeException.Code.NOT_FOUND,
              query,
              "no consumer group "
                  + names(missing)
                  + " on the Kafka cluster at "
                  + cluster.bootstrapServers()
                  + " (groups there: "
                  + existingGroups()
                  + ")");
        }
      }
    }

    private String existingGroups() {
      try {
        List<String> ids =
            admin
                .listGroups(ListGroupsOptions.forConsumerGroups().timeoutMs(timeoutMs))
                .all()
                .get(timeoutMs, TimeUnit.MILLISECONDS)
                .stream()
                .map(GroupListing::groupId)
                .sorted()
                .toList();
        return ids.isEmpty() ? "none" : names(ids);
      } catch (Exception e) {
        interruptedCheck(e);
        return "could not be listed";
      }
    }

    /** describeTopics and describeConfigs, issued; {@link #await} collects them. */
    private final class TopicCalls {
      final Set<String> names;
      final Map<String, KafkaFuture<TopicDescription>> described;
      final Map<ConfigResource, KafkaFuture<Config>> configs;

      TopicCalls(Set<String> names) {
        this.names = names;
        if (names.isEmpty()) {
          described = Map.of();
          configs = Map.of();
          return;
        }
        queries.add("describeTopics(" + names(names) + ")" + at);
        described =
            admin
                .describeTopics(names, new DescribeTopicsOptions().timeoutMs(timeoutMs))
                .topicNameValues();
        List<ConfigResource> resources =
            names.stream().map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
        queries.add("describeConfigs(topics " + names(names) + ")" + at);
        configs =
            admin
                .describeConfigs(resources, new DescribeConfigsOptions().timeoutMs(timeoutMs))
                .values();
      }

      List<TopicInfo> await() {
        List<TopicInfo> topics = new ArrayList<>();
        for (String name : names) {
          TopicDescription d;
          try {
            d = described.get(name).get(timeoutMs, TimeUnit.MILLISECONDS);
          } catch (Exception e) {
            interruptedCheck(e);
            errors.add(KafkaErrors.partial("describeTopics(" + name + ")" + at, e));
            continue;
          }
          Map<String, String> kept = new java.util.TreeMap<>();
          try {
            Config config =
                configs
                    .get(new ConfigResource(ConfigResource.Type.TOPIC, name))
                    .get(timeoutMs, TimeUnit.MILLISECONDS);
            config.entries().stream()
                .filter(e -> TOPIC_CONFIG_KEYS.contains(e.name()) && e.value() != null)
                .forEach(e -> kept.put(e.name(), e.value()));
          } catch (Exception e) {
            interruptedCheck(e);
            errors.add(KafkaErrors.partial("describeConfigs(topic " + name + ")" + at, e));
          }
          int replicas = d.partitions().isEmpty() ? 0 : d.partitions().get(0).replicas().size();
          topics.add(new TopicInfo(name, d.partitions().size(), replicas, kept));
        }
        return topics;
      }
    }

    private TopicCalls issueDescribeTopics(Set<String> names) {
      return new TopicCalls(names);
    }

    /** The three listOffsets calls of one set of partitions, issued together. */
    private final class OffsetCalls {
      final Set<TopicPartition> partitions;
      final String desc;
      final ListOffsetsResult start;
      final ListOffsetsResult high;
      final ListOffsetsResult stable;

      OffsetCalls(Set<TopicPartition> partitions) {
        this.partitions = partitions;
        this.desc =
            partitions.size()
                + " partitions of "
                + names(
                    partitions.stream()
                        .map(TopicPartition::topic)
                        .collect(Collectors.toCollection(TreeSet::new)));
        this.start = issue(OffsetSpec.earliest(), IsolationLevel.READ_UNCOMMITTED);
        this.high = issue(OffsetSpec.latest(), IsolationLevel.READ_UNCOMMITTED);
        this.stable = issue(OffsetSpec.latest(), IsolationLevel.READ_COMMITTED);
      }

      private ListOffsetsResult issue(OffsetSpec spec, IsolationLevel isolation) {
        if (partitions.isEmpty()) {
          return null;
        }
        Map<TopicPartition, OffsetSpec> request = new LinkedHashMap<>();
        partitions.forEach(tp -> request.put(tp, spec));
        return admin.listOffsets(request, new ListOffsetsOptions(isolation).timeoutMs(timeoutMs));
      }

      Map<TopicPartition, PartitionOffsets> await() {
        if (partitions.isEmpty()) {
          return Map.of();
        }
        Map<TopicPartition, Long> s = collect("listOffsets(earliest, " + desc + ")" + at, start);
        Map<TopicPartition, Long> h =
            collect("listOffsets(latest, read_uncommitted, " + desc + ")" + at, high);
        Map<TopicPartition, Long> l =
            collect("listOffsets(latest, read_committed, " + desc + ")" + at, stable);
        Map<TopicPartition, PartitionOffsets> offsets = new LinkedHashMap<>();
        for (TopicPartition tp : partitions) {
          if (s.containsKey(tp) && h.containsKey(tp) && l.containsKey(tp)) {
            offsets.put(
                tp,
                new PartitionOffsets(tp.topic(), tp.partition(), s.get(tp), h.get(tp), l.get(tp)));
          }
        }
        return offsets;
      }

      private Map<TopicPartition, Long> collect(String query, ListOffsetsResult result) {
        queries.add(query);
        Map<TopicPartition, Long> offsets = new HashMap<>();
        List<String> failed = new ArrayList<>();
        Exception firstError = null;
        for (TopicPartition tp : partitions) {
          try {
            offsets.put(
                tp, result.partitionResult(tp).get(timeoutMs, TimeUnit.MILLISECONDS).offset());
          } catch (Exception e) {
            interruptedCheck(e);
            failed.add(tp.toString());
            firstError = firstError == null ? e : firstError;
          }
        }
        if (firstError != null) {
          errors.add(
              new ProbeError(
                  KafkaErrors.code(firstError),
                  query,
                  failed.size()
                      + " partition(s) failed ("
                      + names(failed)
                      + "): "
                      + KafkaErrors.message(firstError)));
        }
        return offsets;
      }
    }

    private OffsetCalls issueListOffsets(Set<TopicPartition> partitions) {
      return new OffsetCalls(partitions);
    }

    private List<OpenTransaction> openTransactions(List<PartitionOffsets> offsets) {
      List<TopicPartition> held =
          offsets.stream()
              .filter(p -> p.lastStable() < p.highWatermark())
              .limit(options.maxOpenTransactionLookups())
              .map(p -> new TopicPartition(p.topic(), p.partition()))
              .toList();
      if (held.isEmpty()) {
        return List.of();
      }
      String query =
          "describeProducers("
              + names(held.stream().map(TopicPartition::toString).toList())
              + ")"
              + at;
      queries.add(query);
      DescribeProducersResult result =
          admin.describeProducers(held, new DescribeProducersOptions().timeoutMs(timeoutMs));
      List<OpenTransaction> open = new ArrayList<>();
      for (TopicPartition tp : held) {
        try {
          for (ProducerState p :
              result.partitionResult(tp).get(timeoutMs, TimeUnit.MILLISECONDS).activeProducers()) {
            if (p.currentTransactionStartOffset().isPresent()) {
              open.add(
                  new OpenTransaction(
                      tp.topic(),
                      tp.partition(),
                      p.producerId(),
                      p.producerEpoch(),
                      p.currentTransactionStartOffset().getAsLong(),
                      p.lastTimestamp()));
            }
          }
        } catch (Exception e) {
          interruptedCheck(e);
          errors.add(KafkaErrors.partial("describeProducers(" + tp + ")" + at, e));
        }
      }
      return open;
    }

    private List<RecordAtOffset> readRecords(
        Collection<ConsumerGroup> groups, List<PartitionOffsets> offsets) {
      List<RecordReads.Read> reads =
          RecordReads.choose(groups, offsets, options.maxRecordLookups());
      if (reads.isEmpty()) {
        return List.of();
      }
      queries.add("consumer(read_committed) read at " + reads.size() + " committed offset(s)" + at);
      return new RecordReads(cluster, options.timeout()).read(reads, errors);
    }

    private <T> T fatal(String query, KafkaFuture<T> future) {
      try {
        return future.get(timeoutMs, TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        interruptedCheck(e);
        throw new ProbeException(KafkaErrors.code(e), query, KafkaErrors.message(e), e);
      }
    }
  }

  private static GroupMember member(MemberDescription m) {
    List<String> assignment =
        m.assignment().topicPartitions().stream()
            .sorted(
                java.util.Comparator.comparing(TopicPartition::topic)
                    .thenComparingInt(TopicPartition::partition))
            .map(TopicPartition::toString)
            .toList();
    return new GroupMember(m.consumerId(), m.clientId(), m.host(), assignment);
  }

  /** {@code topic-partition}; topic names may contain dashes, the partition is after the last. */
  static TopicPartition parse(String topicPartition) {
    int dash = topicPartition.lastIndexOf('-');
    return new TopicPartition(
        topicPartition.substring(0, dash), Integer.parseInt(topicPartition.substring(dash + 1)));
  }

  /** Up to five names, then how many more. */
  static String names(Collection<String> names) {
    List<String> list = List.copyOf(names);
    String head = list.stream().limit(5).collect(Collectors.joining(", "));
    return list.size() > 5 ? head + ", ... (" + list.size() + " in all)" : head;
  }

  private static long millis(long sinceNanos) {
    return (System.nanoTime() - sinceNanos) / 1_000_000;
  }

  static void interruptedCheck(Exception e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      throw new ProbeException(ProbeException.Code.TIMEOUT, "kafka capture", "interrupted", e);
    }
  }
}
