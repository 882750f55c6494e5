package dev.lakeops.agent.triage;

import dev.lakeops.agent.config.LakeopsConfig;
import dev.lakeops.agent.incident.AlertReceived;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentStatus;
import dev.lakeops.agent.incident.Incidents;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the triages in the background, on {@code lakeops.triage.workers} threads of its own (a
 * triage takes seconds): each stored incident still {@link IncidentStatus#TRIAGING} is triaged
 * ({@link IncidentTriage}) and its outcome recorded ({@link TriageRecorder}). New firing alerts are
 * queued as they are received; incidents still triaging when the agent starts (it stopped
 * mid-triage) are triaged again.
 */
@ApplicationScoped
public class TriageWorker {

  private static final Logger LOG = LoggerFactory.getLogger(TriageWorker.class);

  /**
   * At most this many unfinished triages are resumed at start-up; older ones stay TRIAGING for a
   * person.
   */
  private static final int RESUME_LIMIT = 10_000;

  private final IncidentTriage triage;
  private final TriageRecorder recorder;
  private final Incidents incidents;
  private final ExecutorService executor;
  private volatile boolean stopping;

  /**
   * @throws IllegalArgumentException naming {@code lakeops.triage.workers} when it is below 1
   */
  @Inject
  public TriageWorker(
      IncidentTriage triage, TriageRecorder recorder, Incidents incidents, LakeopsConfig config) {
    this.triage = triage;
    this.recorder = recorder;
    this.incidents = incidents;
    if (config.triage().workers() < 1) {
      throw new IllegalArgumentException(
          "Invalid lakeops.triage.workers: " + config.triage().workers() + " (must be at least 1)");
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

  /** Queues the triage of each new firing alert's incident. */
  void onAlert(@Observes AlertReceived event) {
    if (!event.duplicate() && event.incident().status() == IncidentStatus.TRIAGING) {
      submit(event.incident().id());
    }
  }

  /** Queues the triage of a stored incident; returns at once. */
  public void submit(String incidentId) {
    try {
      executor.execute(() -> run(incidentId));
    } catch (RejectedExecutionException e) {
      // Shutting down: the incident stays TRIAGING on disk and is resumed at the next start.
      LOG.warn("Triage of incident {} not queued: the agent is stopping", incidentId);
    }
  }

  private void run(String incidentId) {
    Optional<Incident> incident = incidents.find(incidentId);
    if (stopping || incident.isEmpty() || incident.get().status() != IncidentStatus.TRIAGING) {
      return;
    }
    TriageOutcome outcome = triage.triage(incident.get());
    if (Thread.currentThread().isInterrupted()) {
      // Cut off by the shutdown: the probes report a misleading failure; the next start triages
      // again.
      return;
    }
    recorder.record(incidentId, outcome);
  }

  /**
   * Lets running triages finish for a few seconds, then interrupts them. A triage that is cut off
   * or never started is not saved, so its incident stays TRIAGING and is resumed at the next start.
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
