package dev.lakeops.agent.llm;

import java.util.Optional;

/** Where LLM reviews are kept, next to (never inside) the incidents. Safe for concurrent use. */
public interface LlmAssessmentStore {

  /**
   * Appends {@code assessment}; an incident reviewed again keeps every review.
   *
   * @throws dev.lakeops.agent.store.StoreException the database cannot be written
   */
  void add(LlmAssessment assessment);

  /** The latest review of incident {@code incidentId}. */
  Optional<LlmAssessment> latest(String incidentId);
}
