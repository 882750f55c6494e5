package dev.lakeops.tools.kafka;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * A group's committed offset seen moving backwards between two probes: offsets {@code [to, from)}
 * are read again.
 *
 * @param seenAt the probe that saw the lower offset
 */
public record OffsetRewind(
    String group, String topic, int partition, long from, long to, Instant seenAt) {

  public OffsetRewind {
    requireNonNull(group, "group");
    requireNonNull(topic, "topic");
  }

  /** How many offsets of {@code [start, end)} the rewind replays. */
  long overlap(long start, long end) {
    return Math.max(0, Math.min(from, end) - Math.max(to, start));
  }
}
