package dev.lakeops.agent.im;

import static dev.lakeops.tools.Checks.checkArgument;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keys seen within a time window, bounded in count: drops retried deliveries (by event id) and
 * refuses replayed requests (by signature). Thread-safe.
 */
public final class RecentKeys {

  private final Duration window;
  private final int maxKeys;
  private final Clock clock;
  private final Map<String, Instant> seen = new LinkedHashMap<>();

  public RecentKeys(Duration window, int maxKeys, Clock clock) {
    checkArgument(
        !window.isNegative() && !window.isZero(), "Invalid window: %s (must be positive)", window);
    checkArgument(maxKeys > 0, "Invalid max keys: %s (must be positive)", maxKeys);
    this.window = window;
    this.maxKeys = maxKeys;
    this.clock = clock;
  }

  /** Records {@code key}; true when it was not seen within the window. */
  public synchronized boolean firstSeen(String key) {
    Instant now = clock.instant();
    for (Iterator<Instant> it = seen.values().iterator(); it.hasNext(); ) {
      if (it.next().isBefore(now.minus(window))) {
        it.remove();
      } else {
        break; // insertion order is time order
      }
    }
    if (seen.containsKey(key)) {
      return false;
    }
    if (seen.size() >= maxKeys) {
      Iterator<String> oldest = seen.keySet().iterator();
      oldest.next();
      oldest.remove();
    }
    seen.put(key, now);
    return true;
  }
}
