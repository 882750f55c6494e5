package dev.lakeops.tools.kafka;

import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The evaluation of one group on one partition over the window.
 *
 * @param samples the window, oldest first (never empty)
 * @param rewinds committed offsets that moved backwards between two probes, as {@code [from, to]}
 *     pairs
 * @param onlyMarkersLeft a read proved that the remaining lag holds no data record (markers)
 * @param recordGap offsets between the committed offset and its first record (markers, aborted or
 *     compacted records); 0 when not read
 * @param timeLagMs age of the first unread record at capture time, when it was read
 */
record PartitionVerdict(
    String topic,
    int partition,
    LagStatus status,
    List<PartitionSample> samples,
    List<long[]> rewinds,
    boolean onlyMarkersLeft,
    long recordGap,
    @Nullable Long timeLagMs) {

  PartitionSample latest() {
    return samples.get(samples.size() - 1);
  }

  PartitionSample first() {
    return samples.get(0);
  }

  String name() {
    return topic + "-" + partition;
  }

  /** One line of evidence. */
  String describe() {
    PartitionSample s = latest();
    PartitionOffsets o = s.offsets();
    StringBuilder text =
        new StringBuilder()
            .append("status=")
            .append(status)
            .append(" committed=")
            .append(s.committed())
            .append(" logStart=")
            .append(o.logStart())
            .append(" highWatermark=")
            .append(o.highWatermark());
    if (o.lastStable() != o.highWatermark()) {
      text.append(" lastStable=").append(o.lastStable());
    }
    text.append(" lag=").append(s.lag());
    if (samples.size() > 1) {
      text.append(" lagTrend=")
          .append(
              samples.stream()
                  .map(x -> Long.toString(x.lag()))
                  .reduce((a, b) -> a + ">" + b)
                  .orElse(""));
    }
    long spanMillis = Duration.between(first().at(), s.at()).toMillis();
    if (samples.size() > 1 && spanMillis > 0) {
      text.append(" producedPerSecond=")
          .append(perSecond(s.end() - first().end(), spanMillis))
          .append(" committedPerSecond=")
          .append(perSecond(s.committed() - first().committed(), spanMillis));
    }
    if (timeLagMs != null) {
      text.append(" timeLagMs=").append(timeLagMs);
    }
    if (onlyMarkersLeft) {
      text.append(" onlyMarkersLeft=true");
    }
    return text.toString();
  }

  /** {@code delta} per second over {@code spanMillis}, to one decimal. */
  private static String perSecond(long delta, long spanMillis) {
    double rate = Math.round(delta * 10_000.0 / spanMillis) / 10.0;
    return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
  }
}
