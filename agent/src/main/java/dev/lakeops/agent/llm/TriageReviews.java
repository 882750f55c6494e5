package dev.lakeops.agent.llm;

import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.incident.IncidentTriaged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Queues the LLM's review of each stored deterministic triage ({@link LlmFollowUp#submit}): after
 * the save, so the deterministic verdict is stored and shown at once and the review only adds to
 * it. A failed triage has nothing to review; without a model nothing is queued.
 */
@ApplicationScoped
public class TriageReviews {

  private final LlmFollowUp llm;

  @Inject
  public TriageReviews(LlmFollowUp llm) {
    this.llm = llm;
  }

  void onTriaged(@Observes IncidentTriaged event) {
    Incident stored = event.incident();
    if (stored.report() != null) {
      llm.submit(stored.id(), stored.report());
    }
  }
}
