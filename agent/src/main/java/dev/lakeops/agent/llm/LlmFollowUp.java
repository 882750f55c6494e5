package dev.lakeops.agent.llm;

import dev.lakeops.runbooks.TriageReport;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What follows a deterministic triage once it is saved ({@link TriageReviews}): with an LLM
 * configured, the model reviews it on the review threads (never the triage workers', so a slow
 * model never delays a deterministic triage) and the review is stored next to the incident; without
 * one, nothing.
 */
public final class LlmFollowUp {

  private static final Logger LOG = LoggerFactory.getLogger(LlmFollowUp.class);

  private final Optional<LlmTriage> triage;
  private final LlmAssessmentStore store;
  private final Executor reviews;

  /**
   * @param reviews where reviews run; a full queue skips the review, and the deterministic verdict
   *     stands
   */
  public LlmFollowUp(Optional<LlmTriage> triage, LlmAssessmentStore store, Executor reviews) {
    this.triage = triage;
    this.store = store;
    this.reviews = reviews;
  }

  public boolean enabled() {
    return triage.isPresent();
  }

  /** Queues the review of {@code report}; returns at once. */
  public void submit(String incidentId, TriageReport report) {
    if (triage.isEmpty()) {
      return;
    }
    try {
      reviews.execute(() -> afterTriage(incidentId, report));
    } catch (RejectedExecutionException e) {
      LOG.warn(
          "LLM review of incident {} skipped: the review queue is full or lakeops is stopping",
          incidentId);
    }
  }

  /**
   * Reviews and stores, on the caller's thread; a failure to store is logged, never thrown (the
   * deterministic triage is already saved and stands).
   */
  public Optional<LlmAssessment> afterTriage(String incidentId, TriageReport report) {
    if (triage.isEmpty()) {
      return Optional.empty();
    }
    LlmAssessment assessment = triage.get().review(incidentId, report);
    LOG.info(
        "Incident {}: LLM review final verdict {} ({}){}",
        incidentId,
        assessment.finalVerdict(),
        assessment.verdict().category(),
        assessment.fellBack() ? ", llm.fallback: " + assessment.fallback() : "");
    try {
      store.add(assessment);
    } catch (RuntimeException e) {
      LOG.error("Could not store the LLM review of incident {}", incidentId, e);
    }
    return Optional.of(assessment);
  }

  public Optional<LlmAssessment> latest(String incidentId) {
    return store.latest(incidentId);
  }

  /**
   * The latest review of incident {@code incidentId} as people see it; empty when there is none or
   * it cannot be read (logged: a page about the incident still shows the incident).
   */
  public Optional<LlmReview> review(String incidentId) {
    try {
      return store.latest(incidentId).map(LlmReview::of);
    } catch (RuntimeException e) {
      LOG.warn("The LLM review of incident {} cannot be read: {}", incidentId, e.getMessage());
      return Optional.empty();
    }
  }
}
