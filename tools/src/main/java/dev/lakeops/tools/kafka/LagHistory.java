package dev.lakeops.tools.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The recent lag snapshots per cluster: the sliding window the lag analyzer judges trends over, and
 * the record of rewinds that reconciliation explains duplicates with. Bounded in count and age.
 * Thread safe.
 */
public final class LagHistory {

  private final int maxSnapshots;
  private final Duration maxAge;
  private final Map<String, Deque<KafkaLagSnapshot>> byCluster = new HashMap<>();

  public LagHistory(int maxSnapshots, Duration maxAge) {
    if (maxSnapshots < 1) {
      throw new IllegalArgumentException("Invalid maxSnapshots: " + maxSnapshots);
    }
    this.maxSnapshots = maxSnapshots;
    this.maxAge = maxAge;
  }

  /** Ten snapshots over at most 15 minutes, like Burrow's default window of ten commits. */
  public static LagHistory defaults() {
    return new LagHistory(10, Duration.ofMinutes(15));
  }

  public synchronized void add(KafkaLagSnapshot snapshot) {
    Deque<KafkaLagSnapshot> deque =
        byCluster.computeIfAbsent(snapshot.cluster(), c -> new ArrayDeque<>());
    deque.addLast(snapshot);
    while (deque.size() > maxSnapshots) {
      deque.removeFirst();
    }
    prune(deque, snapshot.capturedAt());
  }

  /** The cluster's snapshots within the age limit of the newest, oldest first. */
  public synchronized List<KafkaLagSnapshot> window(String cluster) {
    Deque<KafkaLagSnapshot> deque = byCluster.get(cluster);
    return deque == null ? List.of() : List.copyOf(deque);
  }

  /** Every backwards move of {@code group}'s committed offsets within the window. */
  public List<OffsetRewind> rewinds(String cluster, String group) {
    List<KafkaLagSnapshot> window = window(cluster);
    List<OffsetRewind> rewinds = new ArrayList<>();
    for (int i = 1; i < window.size(); i++) {
      ConsumerGroup before = window.get(i - 1).group(group).orElse(null);
      ConsumerGroup after = window.get(i).group(group).orElse(null);
      if (before == null || after == null) {
        continue;
      }
      for (CommittedOffset now : after.offsets()) {
        Instant at = window.get(i).capturedAt();
        before
            .offset(now.topic(), now.partition())
            .filter(then -> now.offset() < then.offset())
            .ifPresent(
                then ->
                    rewinds.add(
                        new OffsetRewind(
                            group, now.topic(), now.partition(), then.offset(), now.offset(), at)));
      }
    }
    return rewinds;
  }

  private void prune(Deque<KafkaLagSnapshot> deque, Instant newest) {
    while (!deque.isEmpty() && deque.peekFirst().capturedAt().isBefore(newest.minus(maxAge))) {
      deque.removeFirst();
    }
  }
}
