package dev.lakeops.eval.world.kafka;

import dev.lakeops.eval.world.time.Rate;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A modelled topic: records written at a rate spread evenly over its partitions since the world
 * began, the log start each partition's retention has moved to, and transactions left open.
 */
public final class TopicModel {

  /** The first offset of every partition when the world begins: logs are not new. */
  static final long BASE = 1_000_000;

  private final String name;
  private final int partitions;
  private final long beginMs;
  private final Rate written;
  private final Map<String, String> configs = new TreeMap<>();
  private final Map<Integer, Long> logStartAfterMs = new HashMap<>();
  private final Map<Integer, Long> logStartOffset = new HashMap<>();
  private final Map<Integer, Long> openSinceMs = new LinkedHashMap<>();

  TopicModel(String name, int partitions, double recordsPerSecond, long beginMs) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a topic needs a name");
    }
    if (partitions < 1) {
      throw new IllegalArgumentException(
          "topic '" + name + "': partitions must be at least 1, was " + partitions);
    }
    this.name = name;
    this.partitions = partitions;
    this.beginMs = beginMs;
    this.written = new Rate(recordsPerSecond);
    configs.put("cleanup.policy", "delete");
    configs.put("min.insync.replicas", "2");
    configs.put("retention.ms", "604800000");
    configs.put("segment.bytes", "1073741824");
    configs.put("message.timestamp.type", "CreateTime");
    configs.put("unclean.leader.election.enable", "false");
  }

  public String name() {
    return name;
  }

  public int partitions() {
    return partitions;
  }

  public Rate written() {
    return written;
  }

  long beginMs() {
    return beginMs;
  }

  public Map<String, String> configs() {
    return configs;
  }

  /** The offset after the last record of {@code partition} at {@code ms}. */
  public long highWatermark(int partition, long ms) {
    return BASE + (long) Math.floor(written.sum(beginMs, ms) / partitions);
  }

  /** When the record at {@code offset} of a partition was written. */
  long writtenAt(long offset, long ms) {
    long lo = beginMs;
    long hi = ms;
    while (hi - lo > 50) {
      long mid = (lo + hi) >>> 1;
      if (highWatermark(0, mid) <= offset) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return hi;
  }

  long logStart(int partition, long ms) {
    Long after = logStartAfterMs.get(partition);
    if (after != null && ms >= after) {
      return logStartOffset.get(partition);
    }
    return BASE;
  }

  /** From {@code atMs}, retention has deleted {@code partition} up to {@code offset}. */
  void deleteUpTo(int partition, long offset, long atMs) {
    logStartAfterMs.put(partition, atMs);
    logStartOffset.put(partition, offset);
  }

  /** A producer opened a transaction on {@code partition} at {@code atMs} and never ended it. */
  public void openTransaction(int partition, long atMs) {
    if (partition < 0 || partition >= partitions) {
      throw new IllegalArgumentException(
          "topic '" + name + "' has partitions 0-" + (partitions - 1) + ", not " + partition);
    }
    openSinceMs.put(partition, atMs);
  }

  /** The last stable offset: where read_committed consumers stop. */
  long lastStable(int partition, long ms) {
    Long since = openSinceMs.get(partition);
    if (since != null && ms >= since) {
      return highWatermark(partition, since);
    }
    return highWatermark(partition, ms);
  }

  @Nullable Long openSince(int partition) {
    return openSinceMs.get(partition);
  }

  Map<Integer, Long> openTransactions() {
    return openSinceMs;
  }
}
