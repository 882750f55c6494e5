package dev.lakeops.tools.change;

import static dev.lakeops.tools.Checks.checkArgument;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The earlier captures of the change probe, in memory: per Flink job (cluster and name), per Kafka
 * topic and group (cluster, topic, group) and per table (directory), so that what Kafka and Flink
 * do not record (a config value, a partition count, a committed offset, a run the cluster no longer
 * lists) shows as a change between two captures. Bounded in captures per key, in age and in keys
 * (the least recently added key goes first). Thread safe.
 */
public final class ChangeHistory {

  private final Window<FlinkChangeSnapshot> flink;
  private final Window<KafkaChangeSnapshot> kafka;
  private final Window<TableChangeSnapshot> tables;

  /**
   * @param perKey captures kept per key
   * @param maxAge captures older than this (against the newest of their key) are dropped
   * @param maxKeys keys kept per system
   */
  public ChangeHistory(int perKey, Duration maxAge, int maxKeys) {
    checkArgument(perKey >= 1, "Invalid perKey: %s", perKey);
    checkArgument(maxKeys >= 1, "Invalid maxKeys: %s", maxKeys);
    this.flink =
        new Window<>(
            perKey, maxAge, maxKeys, FlinkChangeSnapshot::key, FlinkChangeSnapshot::capturedAt);
    this.kafka =
        new Window<>(
            perKey, maxAge, maxKeys, KafkaChangeSnapshot::key, KafkaChangeSnapshot::capturedAt);
    this.tables =
        new Window<>(
            perKey, maxAge, maxKeys, TableChangeSnapshot::key, TableChangeSnapshot::capturedAt);
  }

  /** Twenty captures per key over a day, for 500 keys per system. */
  public static ChangeHistory defaults() {
    return new ChangeHistory(20, Duration.ofDays(1), 500);
  }

  /** The earlier captures of {@code now}'s key, oldest first; then remembers {@code now}. */
  public List<FlinkChangeSnapshot> flink(FlinkChangeSnapshot now) {
    return flink.exchange(now);
  }

  public List<KafkaChangeSnapshot> kafka(KafkaChangeSnapshot now) {
    return kafka.exchange(now);
  }

  public List<TableChangeSnapshot> table(TableChangeSnapshot now) {
    return tables.exchange(now);
  }

  /** One system's captures by key. */
  private static final class Window<S> {
    private final int perKey;
    private final Duration maxAge;
    private final int maxKeys;
    private final Function<S, String> key;
    private final Function<S, Instant> time;
    private final Map<String, Deque<S>> byKey = new LinkedHashMap<>();

    Window(
        int perKey,
        Duration maxAge,
        int maxKeys,
        Function<S, String> key,
        Function<S, Instant> time) {
      this.perKey = perKey;
      this.maxAge = maxAge;
      this.maxKeys = maxKeys;
      this.key = key;
      this.time = time;
    }

    synchronized List<S> exchange(S now) {
      String k = key.apply(now);
      Deque<S> deque = byKey.remove(k);
      if (deque == null) {
        deque = new ArrayDeque<>();
      }
      Instant oldest = time.apply(now).minus(maxAge);
      deque.removeIf(s -> time.apply(s).isBefore(oldest) || time.apply(s).isAfter(time.apply(now)));
      List<S> earlier = List.copyOf(deque);
      deque.addLast(now);
      while (deque.size() > perKey) {
        deque.removeFirst();
      }
      byKey.put(k, deque); // re-inserted: the most recently used key is last
      while (byKey.size() > maxKeys) {
        byKey.remove(byKey.keySet().iterator().next());
      }
      return earlier;
    }
  }
}
