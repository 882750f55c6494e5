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

  /**
   * The Flink source of each member-less group of the window's latest snapshot, by group id.
   *
   * @param window the lag probe's snapshots, oldest first; the group's offsets in each are the
   *     commits a source's metric may still show (Flink's REST serves metrics a few seconds old, so
   *     it can lag a commit behind the group)
   */
  Map<String, FlinkSourceOffsets> find(List<KafkaLagSnapshot> window);

  FlinkSourceFinder NONE = window -> Map.of();

  /** Looks through the running jobs of every cluster of {@code flink}. */
  static FlinkSourceFinder over(FlinkClusters flink, Clock clock) {
    return window -> {
      Map<String, FlinkSourceOffsets> found = new LinkedHashMap<>();
      if (window.isEmpty()) {
        return found;
      }
      KafkaLagSnapshot latest = window.get(window.size() - 1);
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
            if (!found.containsKey(g.groupId()) && sameCommits(seen(window, g), offsets)) {
              found.put(g.groupId(), offsets.onCluster(cluster));
            }
          }
        }
      }
      return found;
    };
  }

  /** {@code group} as each snapshot of the window shows it, newest first. */
  private static List<ConsumerGroup> seen(List<KafkaLagSnapshot> window, ConsumerGroup group) {
    List<ConsumerGroup> seen = new java.util.ArrayList<>();
    for (int i = window.size() - 1; i >= 0; i--) {
      window.get(i).groups().stream()
          .filter(g -> g.groupId().equals(group.groupId()))
          .findFirst()
          .ifPresent(seen::add);
    }
    return seen.isEmpty() ? List.of(group) : seen;
  }

  /** At least one of the group's partitions committed where the source says, and none elsewhere. */
  static boolean sameCommits(ConsumerGroup group, FlinkSourceOffsets source) {
    return sameCommits(List.of(group), source);
  }

  /**
   * As {@link #sameCommits(ConsumerGroup, FlinkSourceOffsets)}, where a partition's offset in the
   * source may equal the group's offset in any of the snapshots {@code seen} (newest first): the
   * exact value the group committed at some moment of the window, never a value in between.
   */
  static boolean sameCommits(List<ConsumerGroup> seen, FlinkSourceOffsets source) {
    int same = 0;
    for (CommittedOffset c : seen.get(0).offsets()) {
      Optional<FlinkSourcePartition> p = source.partition(c.topic(), c.partition());
      if (p.isEmpty() || p.get().committedOffset() == null) {
        continue;
      }
      long reported = p.get().committedOffset();
      boolean committed =
          seen.stream()
              .flatMap(g -> g.offsets().stream())
              .anyMatch(
                  o ->
                      o.topic().equals(c.topic())
                          && o.partition() == c.partition()
                          && o.offset() == reported);
      if (!committed) {
        return false;
      }
      same++;
    }
    return same > 0;
  }
}
