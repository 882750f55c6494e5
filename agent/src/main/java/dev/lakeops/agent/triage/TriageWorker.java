package dev.lakeops.agent.triage;

import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.metrics.LakeopsMetrics;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.Incidents;
import dev.lakeops.agent.llm.LlmFollowUp;
import dev.lakeops.agent.report.ReportPoster;
import dev.lakeops.runbooks.plan.DeterministicPlanner;
import dev.lakeops.runbooks.TriageReport;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the deterministic triage of stored incidents in the background, on its own threads (a
 * triage re-samples Flink metrics and takes seconds), and saves the outcome on the incident.
 * Incidents still {@link IncidentStatus#TRIAGING} when the agent starts (it stopped mid-triage)
 * are triaged again.
 */
@ApplicationScoped
public class TriageWorker {

  private static final Logger LOG = LoggerFactory.getLogger(TriageWorker.class);
  private static final int MAX_ERROR_CHARS = 300;

  private final DeterministicPlanner planner;
  /** At most this many unfinished triages are resumed at start-up; older ones stay TRIAGING for a person. */
  private static final int RESUME_LIMIT = 10_000;

  private final Incidents incidents;
  private final Clock clock;
  private final LakeopsMetrics metrics;
  private final ExecutorService executor;
  /** The LLM's review after the deterministic triage is saved; does nothing with lakeops.llm.provider=none. */
  private final LlmFollowUp llm;
  private volatile boolean stopping;
  /** Posts the stored outcome to the configured chat channel, on its own thread; null when built without CDI. */
  @Inject ReportPoster reports;

  public TriageWorker(DeterministicPlanner planner, Incidents incidents, Clock clock, LakeopsConfig config, LakeopsMetrics metrics) {
    this(planner, incidents, clock, config, metrics, LlmFollowUp.disabled());
  }

  @Inject
  public TriageWorker(DeterministicPlanner planner, Incidents incidents, Clock clock, LakeopsConfig config, LakeopsMetrics metrics,
      LlmFollowUp llm) {
    this.llm = llm;
    this.planner = planner;
    this.metrics = metrics;
    this.incidents = incidents;
    this.clock = clock;
    if (config.triage().workers() < 1) {
      throw new IllegalArgumentException("Invalid lakeops.triage.workers: " + config.triage().workers() + " (must be at least 1)");
    }
    this.executor = Executors.newFixedThreadPool(config.triage().workers(), threads());
  }

  void resumeUnfinished(@Observes StartupEvent event) {
    List<Incident> unfinished = incidents.withStatus(IncidentStatus.TRIAGING, RESUME_LIMIT);
    if (!unfinished.isEmpty()) {
      LOG.info("Resuming the triage of {} incidents", unfinished.size());
      unfinished.forEach(i -> submit(i.id()));
    }
  }

  /** Queues the triage of a stored incident; returns at once. */
  public void submit(String incidentId) {
    try {
      executor.execute(() -> triage(incidentId));
    } catch (RejectedExecutionException e) {
      // Shutting down: the incident stays TRIAGING on disk and is resumed at the next start.
      LOG.warn("Triage of incident {} not queued: the agent is stopping", incidentId);
    }
  }

  private void triage(String incidentId) {
    Optional<Incident> incident = incidents.find(incidentId);
    if (stopping || incident.isEmpty() || incident.get().status() != IncidentStatus.TRIAGING) {
      return;
    }
    String alertname = incident.get().alertname();
    UnaryOperator<Incident> outcome;
    TriageReport report = null;
    try {
      report = planner.triage(incident.get().signal());
      TriageReport done = report;
      LOG.info("Incident {} ({}): {}", incidentId, alertname, report.verdict().category());
      outcome = i -> i.triaged(done, clock.instant());
    } catch (RuntimeException e) {
      LOG.error("Triage of incident {} ({}) failed", incidentId, alertname, e);
      String error = shortError(e);
      outcome = i -> i.failed(error, clock.instant());
    }
    if (Thread.currentThread().isInterrupted()) {
      // Cut off by the shutdown: the probes report a misleading failure; the next start triages again.
      return;
    }
    try {
      incidents.update(incidentId, outcome).ifPresent(stored -> {
        record(stored);
        if (reports != null) {
          reports.triaged(stored);
        }
      });
    } catch (RuntimeException e) {
      // Stays TRIAGING on disk: triaged again at the next start.
      LOG.error("Could not save the triage of incident {} ({})", incidentId, alertname, e);
      return;
    }
    if (report != null && llm.enabled() && !stopping) {
      // After the save: the deterministic verdict is stored and shown at once; the review only adds to it.
      llm.submit(incidentId, report);
    }
  }

  private void record(Incident stored) {
    if (stored.report() != null) {
      metrics.triaged(stored.report(), java.time.Duration.between(stored.receivedAt(), stored.updatedAt()));
    } else {
      metrics.triageFailed();
    }
  }

  /** One line for a person: the exception's kind and message, never its stack trace. */
  static String shortError(RuntimeException e) {
    String message = e.getMessage() == null ? "" : ": " + e.getMessage().replaceAll("\\s+", " ").strip();
    String line = "triage failed (" + e.getClass().getSimpleName() + message + ")";
    return line.length() <= MAX_ERROR_CHARS ? line : line.substring(0, MAX_ERROR_CHARS) + "...";
  }

  /**
   * Lets running triages finish for a few seconds, then interrupts them. A triage that is cut off or
   * never started is not saved, so its incident stays TRIAGING and is resumed at the next start.
   */
  @PreDestroy
  void stop() {
    stopping = true;
    executor.shutdown();
    try {
      if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
        LOG.warn("Interrupting running triages; their incidents are resumed at the next start");
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  private static ThreadFactory threads() {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, "lakeops-triage-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
