package dev.lakeops.agent.scheduler;

import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.incident.IncidentStore;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes finished incidents older than {@code lakeops.retention.incidents} once an hour. An
 * incident whose triage is still running is never deleted.
 */
@ApplicationScoped
public class IncidentRetention {

  private static final Logger LOG = LoggerFactory.getLogger(IncidentRetention.class);

  private final IncidentStore store;
  private final Duration keep;
  private final Clock clock;

  public IncidentRetention(IncidentStore store, LakeopsConfig config, Clock clock) {
    this.store = store;
    this.keep = config.retention().incidents();
    this.clock = clock;
    if (keep.isNegative()) {
      throw new IllegalArgumentException("lakeops.retention.incidents must not be negative, was " + keep);
    }
  }

  @Scheduled(every = "1h", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
  void scheduled() {
    try {
      purge();
    } catch (RuntimeException e) {
      LOG.error("Incident retention failed: {}", e.getMessage());
    }
  }

  /** Deletes what is past retention; returns how many incidents were deleted. */
  public int purge() {
    if (keep.isZero()) {
      return 0;
    }
    int deleted = store.deleteFinishedReceivedBefore(clock.instant().minus(keep));
    if (deleted > 0) {
      LOG.info("Deleted {} incidents older than {}", deleted, keep);
    }
    return deleted;
  }
}
