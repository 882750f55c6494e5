package dev.lakeops.eval.world.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The simulated world's time: it stands still until the world is {@linkplain #advance advanced}, as
 * when a probe waits between two samples, so a triage over the world takes no wall time and every
 * answer is computed for one instant.
 */
public final class WorldClock extends Clock {

  private volatile Instant now;

  public WorldClock(Instant start) {
    this.now = start;
  }

  public void advance(Duration by) {
    if (by.isNegative()) {
      throw new IllegalArgumentException("the world's clock cannot go back (" + by + ")");
    }
    now = now.plus(by);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }
}
