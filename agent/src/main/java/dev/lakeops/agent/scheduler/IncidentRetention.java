package dev.lakeops.agent.scheduler;

import dev.lakeops.agent.chat.ChatThreadStore;
import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.incident.IncidentStore;
import dev.lakeops.agent.report.ReportThreads;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes finished incidents older than {@code lakeops.retention.incidents} once an hour, with the
 * report threads of the deleted incidents and their chat turns, and every chat turn older than the
 * same period. An incident whose triage is still running is never deleted.
 */
@ApplicationScoped
public class IncidentRetention {

  private static final Logger LOG = LoggerFactory.getLogger(IncidentRetention.class);

  private final IncidentStore store;
  private final ReportThreads reportThreads;
  private final ChatThreadStore chatThreads;
  private final Duration keep;
  private final Clock clock;

  @Inject
  public IncidentRetention(
      IncidentStore store,
      ReportThreads reportThreads,
      ChatThreadStore chatThreads,
      LakeopsConfig config,
      Clock clock) {
    this(store, reportThreads, chatThreads, config.retention().incidents(), clock);
  }

  IncidentRetention(
      IncidentStore store,
      ReportThreads reportThreads,
      ChatThreadStore chatThreads,
      Duration keep,
      Clock clock) {
    this.store = store;
    this.reportThreads = reportThreads;
    this.chatThreads = chatThreads;
    this.keep = keep;
    this.clock = clock;
    if (keep.isNegative()) {
      throw new IllegalArgumentException(
          "lakeops.retention.incidents must not be negative, was " + keep);
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
    Instant cutoff = clock.instant().minus(keep);
    int deleted = store.deleteFinishedReceivedBefore(cutoff);
    int threads = reportThreads.forgetDeletedIncidents();
    int turns = chatThreads.forgetBefore(cutoff);
    if (deleted > 0 || threads > 0 || turns > 0) {
      LOG.info(
          "Deleted {} incidents, {} report threads and {} chat turns older than {}",
          deleted,
          threads,
          turns,
          keep);
    }
    return deleted;
  }
}
