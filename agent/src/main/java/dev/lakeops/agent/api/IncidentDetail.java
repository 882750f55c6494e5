package dev.lakeops.agent.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.lakeops.agent.incident.Incident;
import dev.lakeops.agent.llm.LlmReview;
import org.jspecify.annotations.Nullable;

/**
 * The JSON of {@code GET /api/incidents/{id}}: the incident's own fields, and {@code llmReview},
 * the latest advisory LLM review of its triage (null when there is none).
 */
public record IncidentDetail(@JsonUnwrapped Incident incident, @JsonInclude(JsonInclude.Include.ALWAYS) @Nullable LlmReview llmReview) {}
