package dev.lakeops.tools.binlog.plan;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A span of event time (UTC), from binlog event timestamps. Binlog timestamps are statement start
 * times in whole seconds and concurrent sessions interleave, so a window used for reconciliation is
 * widened by {@link BinlogRecoveryPlanner#MARGIN}.
 *
 * @param to null when the end is not in the files given (open-ended)
 */
public record TimeWindow(@Nullable Instant from, @Nullable Instant to) {

  static TimeWindow ofSeconds(long fromSeconds, long toSeconds) {
    return new TimeWindow(
        fromSeconds > 0 ? Instant.ofEpochSecond(fromSeconds) : null,
        toSeconds > 0 ? Instant.ofEpochSecond(toSeconds) : null);
  }

  boolean known() {
    return from != null;
  }
}
