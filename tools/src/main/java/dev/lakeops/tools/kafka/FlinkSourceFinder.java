package dev.lakeops.tools.kafka;

import dev.lakeops.tools.ProbeException;
import dev.lakeops.tools.flink.FlinkClusters;
import dev.lakeops.tools.flink.FlinkTools;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the Flink job that owns a consumer group. Flink's Kafka source never joins its group: it
 * reads with {@code assign()} and commits the offsets of each completed checkpoint, so the group
 * shows no members. The job is the one whose source reports, for the group's partitions, the very
 * offsets the group has committed ({@code KafkaSourceReader...committedOffset}), since both come
 * from the same commit. Nothing is found for groups with members or when Flink cannot be read.
 */
public interface FlinkSourceFinder {

  /** The Flink source of each member-less group of {@code latest}, by group id. */
  Map<String, FlinkSourceOffsets> find(KafkaLagSnapshot latest);

  FlinkSourceFinder NONE = latest -> Map.of();

  /** Looks through the running jobs of every cluster of {@code flink}. */
  static FlinkSourceFinder over(FlinkClusters flink, Clock clock) {
    return latest -> {
      Map<String, FlinkSourceOffsets> found = new LinkedHashMap<>();
      List<ConsumerGroup> candidates =
          latest.groups().stream().filter(g -> !g.hasMembers() && !g.offsets().isEmpty()).toList();
      if (candidates.isEmpty()) {
        return found;
      }
      for (String cluster : flink.names()) {
        Optional<FlinkTools> tools = flink.find(cluster);
        if (tools.isEmpty()) {
          continue;
        }
        FlinkSourceOffsetsProbe probe = new FlinkSourceOffsetsProbe(tools.get().rest(), clock);
        List<String> running;
        try {
          running = probe.runningJobs();
        } catch (ProbeException e) {
          continue;
        }
        for (String job : running) {
          FlinkSourceOffsets offsets;
          try {
            offsets = probe.capture(job);
          } catch (ProbeException e) {
            continue;
          }
          for (ConsumerGroup g : candidates) {
            if (!found.containsKey(g.groupId()) && sameCommits(g, offsets)) {
              found.put(g.groupId(), offsets.onCluster(cluster));
            }
          }
        }
      }
      return found;
    };
  }

  /** At least one of the group's partitions committed where the source says, and none elsewhere. */
  static boolean sameCommits(ConsumerGroup group, FlinkSourceOffsets source) {
    int same = 0;
    for (CommittedOffset c : group.offsets()) {
      Optional<FlinkSourcePartition> p = source.partition(c.topic(), c.partition());
      if (p.isEmpty() || p.get().committedOffset() == null) {
        continue;
      }
      if (p.get().committedOffset() != c.offset()) {
        return false;
      }
      same++;
    }
    return same > 0;
  }
}
