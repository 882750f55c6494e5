package dev.lakeops.eval.world.kafka;

import dev.lakeops.eval.world.time.WorldClock;
import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.kafka.CommittedOffset;
import dev.lakeops.tools.kafka.ConsumerGroup;
import dev.lakeops.tools.kafka.GroupMember;
import dev.lakeops.tools.kafka.KafkaCaptures;
import dev.lakeops.tools.kafka.KafkaCluster;
import dev.lakeops.tools.kafka.KafkaLagSnapshot;
import dev.lakeops.tools.kafka.KafkaProbeOptions;
import dev.lakeops.tools.kafka.LagScope;
import dev.lakeops.tools.kafka.OpenTransaction;
import dev.lakeops.tools.kafka.PartitionOffsets;
import dev.lakeops.tools.kafka.RecordAtOffset;
import dev.lakeops.tools.kafka.TopicInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The lag snapshots a probe of each modelled cluster takes: groups with their state, members and
 * committed offsets, partitions with log start, high watermark and last stable offset, topics with
 * their configs, the record at each committed offset and open transactions, as the AdminClient
 * probe reports them for a real cluster; waiting between samples moves the world's clock.
 */
public final class WorldKafkaCaptures implements KafkaCaptures {

  private final Map<String, KafkaWorld> clusters;
  private final WorldClock clock;
  private int captures;

  public WorldKafkaCaptures(List<KafkaWorld> clusters, WorldClock clock) {
    this.clusters = new LinkedHashMap<>();
    clusters.forEach(c -> this.clusters.put(c.name(), c));
    this.clock = clock;
  }

  /** Adds clusters to answer for. */
  public synchronized void add(java.util.Collection<KafkaWorld> more) {
    more.forEach(c -> clusters.put(c.name(), c));
  }

  /** Snapshots taken so far. */
  public synchronized int captures() {
    return captures;
  }

  @Override
  public void pause(Duration pause) {
    clock.advance(pause);
  }

  @Override
  public synchronized KafkaLagSnapshot capture(
      KafkaCluster cluster, KafkaProbeOptions options, LagScope scope) {
    captures++;
    KafkaWorld world = clusters.get(cluster.name());
    String at = " at " + cluster.bootstrapServers();
    if (world == null) {
      throw new ProbeException(
          ProbeException.Code.UNREACHABLE,
          "describeCluster" + at,
          "no Kafka broker answers at " + cluster.bootstrapServers());
    }
    long now = clock.millis();
    List<String> queries = new ArrayList<>();
    queries.add("describeCluster" + at);
    List<GroupModel> chosen = new ArrayList<>();
    if (scope.everyGroup()) {
      queries.add("listGroups(consumer)" + at);
      chosen.addAll(world.groups());
    } else {
      List<String> missing = new ArrayList<>();
      for (String id : scope.groups()) {
        world.findGroup(id).ifPresentOrElse(chosen::add, () -> missing.add(id));
      }
      if (!missing.isEmpty() && chosen.isEmpty()) {
        throw new ProbeException(
            ProbeException.Code.NOT_FOUND,
            "listConsumerGroupOffsets(" + String.join(", ", missing) + ")" + at,
            "no consumer group "
                + String.join(", ", missing)
                + " on the Kafka cluster at "
                + cluster.bootstrapServers()
                + " (groups there: "
                + String.join(", ", world.groups().stream().map(GroupModel::id).toList())
                + ")");
      }
    }
    Set<String> topicNames = new TreeSet<>(scope.topics());
    List<ConsumerGroup> groups = new ArrayList<>();
    for (GroupModel g : chosen) {
      topicNames.add(g.topic().name());
      groups.add(group(g, now));
    }
    if (!chosen.isEmpty()) {
      queries.add("describeConsumerGroups(" + ids(chosen) + ")" + at);
      queries.add("listConsumerGroupOffsets(" + ids(chosen) + ")" + at);
    }
    List<PartitionOffsets> partitions = new ArrayList<>();
    List<TopicInfo> topics = new ArrayList<>();
    List<OpenTransaction> open = new ArrayList<>();
    for (String name : topicNames) {
      TopicModel t = world.findTopic(name).orElse(null);
      if (t == null) {
        continue;
      }
      topics.add(new TopicInfo(t.name(), t.partitions(), 3, t.configs()));
      for (int p = 0; p < t.partitions(); p++) {
        partitions.add(
            new PartitionOffsets(
                t.name(), p, t.logStart(p, now), t.highWatermark(p, now), t.lastStable(p, now)));
      }
      t.openTransactions()
          .forEach(
              (p, since) -> {
                if (now >= since) {
                  open.add(
                      new OpenTransaction(
                          t.name(),
                          p,
                          4000 + p,
                          0,
                          t.highWatermark(p, since),
                          since,
                          "txn-" + t.name() + "-" + p,
                          "Ongoing",
                          since,
                          60_000L));
                }
              });
    }
    if (!topicNames.isEmpty()) {
      queries.add("listOffsets(earliest, latest)" + at);
      queries.add("describeTopics(" + String.join(", ", topicNames) + ")" + at);
    }
    List<RecordAtOffset> records = new ArrayList<>();
    int lookups = options.maxRecordLookups();
    for (GroupModel g : chosen) {
      TopicModel t = g.topic();
      for (int p = 0; p < t.partitions() && records.size() < lookups; p++) {
        long committed = g.committed(p, now);
        long end = t.highWatermark(p, now);
        long start = t.logStart(p, now);
        if (committed < end && committed >= start) {
          records.add(
              new RecordAtOffset(
                  t.name(), p, committed, end, committed, t.writtenAt(committed, now), true));
        }
      }
    }
    return new KafkaLagSnapshot(
        world.name(),
        cluster.bootstrapServers(),
        clock.instant(),
        groups,
        partitions,
        topics,
        records,
        open,
        List.of(),
        queries);
  }

  private static ConsumerGroup group(GroupModel g, long now) {
    List<GroupMember> members = new ArrayList<>();
    List<String> clients = g.clients(now);
    TopicModel t = g.topic();
    for (int m = 0; m < clients.size(); m++) {
      List<String> assignment = new ArrayList<>();
      for (int p = m; p < t.partitions(); p += clients.size()) {
        assignment.add(t.name() + "-" + p);
      }
      members.add(
          new GroupMember(
              clients.get(m) + "-" + Integer.toHexString((g.id() + m).hashCode()),
              clients.get(m),
              "/10.0.3." + (11 + m),
              assignment));
    }
    List<CommittedOffset> offsets = new ArrayList<>();
    for (int p = 0; p < t.partitions(); p++) {
      offsets.add(new CommittedOffset(t.name(), p, g.committed(p, now)));
    }
    String state = members.isEmpty() ? "Empty" : "Stable";
    return new ConsumerGroup(
        g.id(), state, "Classic", members.isEmpty() ? "" : "range", members, offsets);
  }

  private static String ids(List<GroupModel> groups) {
    return String.join(", ", groups.stream().map(GroupModel::id).toList());
  }
}
