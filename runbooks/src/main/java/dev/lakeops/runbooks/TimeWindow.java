package dev.lakeops.runbooks;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/** The period a verdict is about: from the first to the last observation it rests on. */
public record TimeWindow(Instant from, Instant to) {

  public TimeWindow {
    requireNonNull(from, "from");
    requireNonNull(to, "to");
    if (to.isBefore(from)) {
      throw new IllegalArgumentException("Invalid time window: " + to + " is before " + from);
    }
  }
}
